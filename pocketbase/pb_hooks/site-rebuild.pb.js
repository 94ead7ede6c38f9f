/*
 * Content changes publish the site: after a blogs or testimonials record is created, updated or
 * deleted (REST API and admin UI), POST to SITE_REBUILD_HOOK_URL. The logic, including how bursts
 * of edits are coalesced, lives in rebuild.js.
 *
 * One hook family only, so nothing is sent twice: the request hooks on PocketBase 0.22 (the
 * onModelAfter… hooks would fire as well), the record "success" hooks on ≥ 0.23, which renamed them.
 */

if (typeof onRecordAfterCreateSuccess === 'function') {
  // PocketBase ≥ 0.23: handlers must call e.next() to continue the chain.
  onRecordAfterCreateSuccess(
    function (e) {
      require(__hooks + '/rebuild.js').recordChanged(e.record, 'created');
      e.next();
    },
    'blogs',
    'testimonials',
  );
  onRecordAfterUpdateSuccess(
    function (e) {
      require(__hooks + '/rebuild.js').recordChanged(e.record, 'updated');
      e.next();
    },
    'blogs',
    'testimonials',
  );
  onRecordAfterDeleteSuccess(
    function (e) {
      require(__hooks + '/rebuild.js').recordChanged(e.record, 'deleted');
      e.next();
    },
    'blogs',
    'testimonials',
  );
} else {
  // PocketBase 0.22: these run before the response is written; recordChanged never throws.
  onRecordAfterCreateRequest(
    function (e) {
      require(__hooks + '/rebuild.js').recordChanged(e.record, 'created');
    },
    'blogs',
    'testimonials',
  );
  onRecordAfterUpdateRequest(
    function (e) {
      require(__hooks + '/rebuild.js').recordChanged(e.record, 'updated');
    },
    'blogs',
    'testimonials',
  );
  onRecordAfterDeleteRequest(
    function (e) {
      require(__hooks + '/rebuild.js').recordChanged(e.record, 'deleted');
    },
    'blogs',
    'testimonials',
  );
}

// Every minute (cron's finest step): send a change that arrived while POSTs were rate-limited,
// or retry one whose POST failed.
cronAdd('ledgerwiseSiteRebuild', '* * * * *', function () {
  require(__hooks + '/rebuild.js').flushPending();
});
