/*
 * Content changes publish the site (the logic is in rebuild/):
 * - a blogs record saved with `published` ticked and no `published_at` is dated now before it is
 *   stored (REST API and admin UI alike);
 * - once a blogs, testimonials, topics or authors record is created, updated or deleted, the public
 *   site's build hook is called when visitors see the change, the preview hook on every save.
 * The minute job (scheduled posts, held-back and failed POSTs) is wired in site-rebuild-cron.pb.js.
 *
 * Request hooks (the admin UI and the REST API), so that a record saved by a hook or a migration
 * sends nothing. `e.next()` stores the record; what follows it runs once the save has succeeded
 * and never throws. Handlers cannot see this file's top-level names, so each requires what it
 * needs.
 */

onRecordCreateRequest(
  function (e) {
    var rebuild = require(__hooks + '/rebuild/public.js');
    if (e.collection.name === 'blogs') rebuild.fillPublishedAt(e.record);
    e.next();
    rebuild.recordChanged(e.record, 'created', false);
  },
  'blogs',
  'testimonials',
  'topics',
  'authors',
);

onRecordUpdateRequest(
  function (e) {
    var rebuild = require(__hooks + '/rebuild/public.js');
    if (e.collection.name === 'blogs') rebuild.fillPublishedAt(e.record);
    // original(): the record as it was loaded, before this update.
    var was = rebuild.wasPublic(e.record.original());
    e.next();
    rebuild.recordChanged(e.record, 'updated', was);
  },
  'blogs',
  'testimonials',
  'topics',
  'authors',
);

onRecordDeleteRequest(
  function (e) {
    var rebuild = require(__hooks + '/rebuild/public.js');
    var was = rebuild.wasPublic(e.record);
    e.next();
    rebuild.recordChanged(e.record, 'deleted', was);
  },
  'blogs',
  'testimonials',
  'topics',
  'authors',
);
