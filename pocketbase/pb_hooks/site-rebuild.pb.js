/*
 * Content changes publish the site (logic in rebuild.js):
 * - a blogs record saved with `published` ticked and no `published_at` is dated now before it is
 *   stored (REST API and admin UI alike);
 * - after a blogs or testimonials record is created, updated or deleted, the public site's build
 *   hook is called when visitors see the change, the preview hook on every save;
 * - every minute, scheduled posts that came due get their rebuild, and changes held back by the
 *   rate limit or a failed POST are sent.
 *
 * PocketBase 0.22 API (the version the project pins): request hooks only, so nothing is sent
 * twice (the onModelAfter… hooks would fire as well).
 */

onRecordBeforeCreateRequest(function (e) {
  require(__hooks + '/rebuild.js').fillPublishedAt(e.record);
}, 'blogs');

onRecordBeforeUpdateRequest(function (e) {
  require(__hooks + '/rebuild.js').fillPublishedAt(e.record);
}, 'blogs');

// These run before the response is written; recordChanged never throws.
onRecordAfterCreateRequest(
  function (e) {
    require(__hooks + '/rebuild.js').recordChanged(e.record, 'created', null);
  },
  'blogs',
  'testimonials',
);

onRecordAfterUpdateRequest(
  function (e) {
    // originalCopy(): the record as it was loaded, before this update.
    require(__hooks + '/rebuild.js').recordChanged(e.record, 'updated', e.record.originalCopy());
  },
  'blogs',
  'testimonials',
);

onRecordAfterDeleteRequest(
  function (e) {
    require(__hooks + '/rebuild.js').recordChanged(e.record, 'deleted', null);
  },
  'blogs',
  'testimonials',
);

// Every minute (cron's finest step).
cronAdd('ledgerwiseSiteRebuild', '* * * * *', function () {
  require(__hooks + '/rebuild.js').minuteTick();
});
