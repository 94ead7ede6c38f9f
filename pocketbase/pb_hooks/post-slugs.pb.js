/*
 * A post's slug, its address /blog/<slug> (content/postSlugs.js): made from the title when the
 * editor leaves it empty, refused with the field's error when it is the blog's own or another
 * post's address, and the earlier slugs of a post that has been live kept for the site's
 * redirects. Request hooks, so both the admin UI and the REST API are covered.
 */

onRecordCreateRequest(function (e) {
  require(__hooks + '/content/postSlugs.js').settleSlug(e.record, null);
  e.next();
}, 'blogs');

onRecordUpdateRequest(function (e) {
  // original(): the record as it was loaded, before this update.
  require(__hooks + '/content/postSlugs.js').settleSlug(e.record, e.record.original());
  e.next();
}, 'blogs');
