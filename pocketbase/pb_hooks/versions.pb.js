/*
 * Versions (versions/, pb_migrations/1795737610_versions.js): nothing an editor writes is lost.
 * - Before a post or a testimonial is saved through the admin UI or the API, the version it
 *   replaces is kept when readers would see the change; before one is deleted, all of it, flagged
 *   deleted. Should the save fail, the version goes again; should keeping it fail, nothing is
 *   saved. After the save, the record's old versions are pruned.
 * - Saving a version with `put_back` switched on puts it back (versions/putBack.js); a version cannot
 *   be changed otherwise, nor made by hand.
 * - A version deleted (pruned, or by an editor) first hands what it holds for others on.
 * This file loads after pictures.pb.js, publish-check.pb.js and site-rebuild.pb.js (name order):
 * a save their checks refuse keeps no version.
 */

onRecordUpdateRequest(
  function (e) {
    var versions = require(__hooks + '/versions/keep.js');
    var kept;
    try {
      kept = versions.keepBeforeSave(e.app, e.record, versions.editorOf(e));
    } catch (err) {
      throw new BadRequestError('Nothing was saved: the version before it could not be kept (' + err + ').'); // prettier-ignore
    }
    try {
      e.next();
    } catch (err) {
      versions.discard(e.app, kept);
      throw err;
    }
    versions.pruneAfterSave(e.app, e.record, '');
  },
  'blogs',
  'testimonials',
);

onRecordDeleteRequest(
  function (e) {
    var versions = require(__hooks + '/versions/keep.js');
    var kept;
    try {
      kept = versions.keepDeleted(e.app, e.record, versions.editorOf(e));
    } catch (err) {
      throw new BadRequestError('Nothing was deleted: the record could not be kept (' + err + ').'); // prettier-ignore
    }
    try {
      e.next();
    } catch (err) {
      versions.discard(e.app, kept);
      throw err;
    }
  },
  'blogs',
  'testimonials',
);

onRecordUpdateRequest(function (e) {
  require(__hooks + '/versions/putBack.js').onVersionSave(e);
}, 'versions');

onRecordCreateRequest(function () {
  throw new BadRequestError(
    'Versions are kept by the saves of posts and testimonials; they cannot be made by hand.',
  );
}, 'versions');

onRecordDelete(function (e) {
  require(__hooks + '/versions/keep.js').handOver(e.app, e.record);
  e.next();
}, 'versions');
