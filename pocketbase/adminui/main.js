/*
 * The project's extension of PocketBase 0.40's admin UI (pocketbase/adminui.go), which the UI
 * loads from /_/extensions.js before its router starts: its extension point, marked experimental
 * upstream (tests/e2e/adminUi.spec.ts fails if it stops working). Only what no collection option
 * can do:
 * - the UI opens on the first collection in its own order, and it sorts account collections (the
 *   superusers', the preview's) before all others: after login, and at the UI's root, editors land
 *   on the posts instead (the Collections link still opens the last one visited);
 * - the media picker opens on the collection last chosen in it, else on the first by name
 *   (authors): until an editor chooses one, it opens on the posts (lwblogs00000001, the id of
 *   1763769600_created_blogs.js), whose pictures are what a body shows.
 */
app.routes.fallbackPath = '#/collections?collection=blogs';
if (!localStorage.getItem('pbLastRecordFilePickerCollection')) {
  localStorage.setItem('pbLastRecordFilePickerCollection', 'lwblogs00000001');
}
