/*
 * A post is checked before it is saved (pb_hooks/content/publishCheck.js): a body over the site's
 * size limit refuses any save; what the site would leave out refuses a save with `published`
 * ticked, with a message the admin UI shows. Drafts are otherwise saved as they are. PocketBase 0.22 API: request hooks, so both the admin UI and the REST API
 * are covered; a handler cannot see this file's top-level names, so it requires what it needs.
 */

onRecordBeforeCreateRequest(function (e) {
  require(__hooks + '/content/publishCheck.js').checkBeforeSave(e);
}, 'blogs');

onRecordBeforeUpdateRequest(function (e) {
  require(__hooks + '/content/publishCheck.js').checkBeforeSave(e);
}, 'blogs');
