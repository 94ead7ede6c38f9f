/*
 * Content changes publish the site (logic in rebuild.js):
 * - a blogs record saved with `published` ticked and no `published_at` is dated now before it is
 *   stored (REST API and admin UI alike);
 * - after a blogs or testimonials record is created, updated or deleted, the public site's build
 *   hook is called when visitors see the change, the preview hook on every save;
 * - every minute, scheduled posts that came due get their rebuild, and changes held back by the
 *   rate limit are sent, and failed POSTs are retried with a back-off (1, 2, 4 … 30 minutes, for
 *   24 hours).
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
  require(__hooks + '/rebuild.js').cronTick();
});

// Test plumbing, only with SITE_REBUILD_TEST_CLOCK=1 (never in production): the tests run the
// minute job on a clock they move on, so a day of retry back-off takes seconds.
if (require(__hooks + '/rebuild.js').testClockEnabled()) {
  routerAdd(
    'POST',
    '/api/ledgerwise/test-clock/advance/:minutes',
    function (c) {
      var minutes = parseInt(c.pathParam('minutes'), 10);
      if (!(minutes >= 1 && minutes <= 10000)) return c.json(400, { error: 'minutes: 1 to 10000' });
      return c.json(200, require(__hooks + '/rebuild.js').advanceTestClock(minutes));
    },
    $apis.requireAdminAuth(),
  );
}
