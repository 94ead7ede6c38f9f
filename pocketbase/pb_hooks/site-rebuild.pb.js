/*
 * Content changes publish the site (the logic is in rebuild/):
 * - a blogs record saved with `published` ticked and no `published_at` is dated now before it is
 *   stored (REST API and admin UI alike);
 * - after a blogs, testimonials, tags or authors record is created, updated or deleted, the public site's build
 *   hook is called when visitors see the change, the preview hook on every save.
 * The minute job (scheduled posts, held-back and failed POSTs) is wired in site-rebuild-cron.pb.js.
 *
 * PocketBase 0.22 API (the version the project pins): request hooks only, so nothing is sent
 * twice (the onModelAfter… hooks would fire as well). Handlers cannot see this file's top-level
 * names, so each one requires what it needs.
 */

onRecordBeforeCreateRequest(function (e) {
  require(__hooks + '/rebuild/public.js').fillPublishedAt(e.record);
}, 'blogs');

onRecordBeforeUpdateRequest(function (e) {
  require(__hooks + '/rebuild/public.js').fillPublishedAt(e.record);
}, 'blogs');

// These run before the response is written; recordChanged never throws.
onRecordAfterCreateRequest(
  function (e) {
    require(__hooks + '/rebuild/public.js').recordChanged(e.record, 'created', null);
  },
  'blogs',
  'testimonials',
  'tags',
  'authors',
);

onRecordAfterUpdateRequest(
  function (e) {
    // originalCopy(): the record as it was loaded, before this update.
    require(__hooks + '/rebuild/public.js').recordChanged(
      e.record,
      'updated',
      e.record.originalCopy(),
    );
  },
  'blogs',
  'testimonials',
  'tags',
  'authors',
);

onRecordAfterDeleteRequest(
  function (e) {
    require(__hooks + '/rebuild/public.js').recordChanged(e.record, 'deleted', null);
  },
  'blogs',
  'testimonials',
  'tags',
  'authors',
);
