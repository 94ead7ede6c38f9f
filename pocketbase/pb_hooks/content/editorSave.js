/*
 * A save a hook makes for an editor (putting a version back) goes through what their save through
 * the admin UI or the API goes through, in the order the request hooks run it (index.js runs the
 * hook files in name order): pictures.pb.js (pasted pictures moved, huge ones refused),
 * post-slugs.pb.js (the slug settled, an old one kept for its redirect), publish-check.pb.js (the
 * publish check), site-rebuild.pb.js (a published post dated), versions.pb.js (the version before
 * it kept); once stored, old versions pruned and the site's hooks called when readers see the
 * change. PocketBase runs request hooks for requests only, not for a hook's own save, so this
 * calls the functions those hooks call: the same steps, not copies.
 */

/**
 * Saves `record` (`action`: 'created' or 'updated') as `editor`. A refused check throws its
 * BadRequestError, and then nothing is stored. `except`: a version pruning must leave.
 */
function saveAsEditor(app, record, action, editor, except) {
  var rebuild = require(__hooks + '/rebuild/public.js');
  var versions = require(__hooks + '/versions/keep.js');
  var event = { record: record, collection: record.collection() };
  require(__hooks + '/content/pictures.js').checkPictures(event);
  if (event.collection.name === 'blogs') {
    settleSlug(record, action);
    require(__hooks + '/content/publishCheck.js').checkBeforeSave(event);
    rebuild.fillPublishedAt(record);
  }
  var was = action === 'created' ? false : rebuild.wasPublic(record.original());
  var kept = action === 'created' ? null : versions.keepBeforeSave(app, record, editor);
  try {
    app.save(record);
  } catch (err) {
    versions.discard(app, kept);
    throw err;
  }
  versions.pruneAfterSave(app, record, except);
  rebuild.recordChanged(record, action, was);
}

/**
 * The slug as post-slugs.pb.js settles it. Earlier slugs only ever grow, as the site's redirects
 * need: a post that exists keeps its own (a version's are older, so fewer); a deleted post put
 * back gets its version's again.
 */
function settleSlug(record, action) {
  var slugs = require(__hooks + '/content/postSlugs.js');
  if (action === 'created') {
    slugs.settleSlug(record, null, slugs.listOf(record, 'earlier_slugs'));
  } else {
    record.set('earlier_slugs', record.original().get('earlier_slugs'));
    slugs.settleSlug(record, record.original());
  }
}

module.exports = { saveAsEditor: saveAsEditor };
