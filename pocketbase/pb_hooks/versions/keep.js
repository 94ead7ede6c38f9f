/*
 * Versions, keeping them. Before a save that changes what readers see, the record as it was is
 * kept as a version; before a delete, all of it, flagged deleted. A version holds:
 * - its fields (snapshot.js), and its body once per record: a version holds the body only when
 *   no other version of the record holds the same one (by SHA-256), so fifty edits of the title
 *   of a post with a 1 MB body keep that body once;
 * - the files the save removes from the record (every file, for a delete), uploaded into its own
 *   protected field under the same names before PocketBase deletes them from storage: a picture
 *   is kept once, with the newest version that had it. Files the record keeps are not copied, so
 *   a save that removes no picture copies none.
 * Pruning: a record keeps its newest KEEP_AT_LEAST versions and every version younger than
 * KEEP_DAYS (enough for a month of daily edits and for the slowest colleague to notice), and
 * loses the others, oldest first. A version that goes (pruned, or deleted by an editor) hands
 * what it holds for others, a body or a picture, to one that still needs it.
 */

var snapshot = require(__hooks + '/versions/snapshot.js');

var VERSIONS = 'versions';
var KEEP_AT_LEAST = 50;
var KEEP_DAYS = 30;
var DAY_MS = 86400000;
var SAME_RECORD = 'record = {:record} && collection = {:collection}';

/** The filter parameters of a record's versions, and `more`. */
function paramsOf(collection, id, more) {
  var params = { record: id, collection: collection };
  for (var key in more || {}) params[key] = more[key];
  return params;
}

/** Versions of one record matching `filter` (and SAME_RECORD), newest first. */
function findVersions(app, collection, id, filter, more, limit) {
  return app.findRecordsByFilter(
    VERSIONS,
    SAME_RECORD + (filter ? ' && ' + filter : ''),
    '-@rowid',
    limit,
    0,
    paramsOf(collection, id, more),
  );
}

/**
 * Columns of a record's versions matching `where` (SQL), newest first: what every save asks, read
 * from the index that holds them (1795737610_versions.js), never from a row that may hold a 1 MB
 * body. `tail`: LIMIT and OFFSET.
 */
function versionRows(app, collection, id, columns, where, more, tail) {
  var shape = {};
  for (var i = 0; i < columns.length; i += 1) shape[columns[i]] = '';
  var rows = arrayOf(new DynamicModel(shape));
  app
    .db()
    .newQuery(
      'SELECT ' +
        columns.join(', ') +
        ' FROM ' +
        VERSIONS +
        ' WHERE record = {:record} AND collection = {:collection}' +
        (where ? ' AND ' + where : '') +
        ' ORDER BY created DESC, rowid DESC ' +
        tail,
    )
    .bind(paramsOf(collection, id, more))
    .all(rows);
  return rows;
}

/** Who saved, for the version: the signed-in editor's email. */
function editorOf(e) {
  return e.auth ? e.auth.email() : '';
}

/** The body a version was made with, held here or by another version of its record. */
function setBody(app, version, record) {
  var field = snapshot.bodyField(record.collection());
  if (!field) return;
  var body = record.getString(field.getName());
  var digest = $security.sha256(body);
  version.set('body_digest', digest);
  if (body === '') return;
  // Exactly one version of a record holds each body it kept (handOver keeps it so): any with the
  // same digest means the body is held.
  var held = versionRows(app, record.collection().name, record.id, ['id'], 'body_digest = {:digest}', { digest: digest }, 'LIMIT 1'); // prettier-ignore
  if (held.length === 0) version.set('body', body);
}

/**
 * Keeps `before` as a version: `removed` names the files the save takes away, which the version
 * keeps. Returns the saved version.
 */
function keep(app, before, removed, editor, deleted) {
  var collection = before.collection().name;
  var previous = versionRows(app, collection, before.id, ['replaced_by'], '', null, 'LIMIT 1')[0];
  var version = new Record(app.findCollectionByNameOrId(VERSIONS));
  version.set('id:autogenerate', '');
  version.set('collection', collection);
  version.set('record', before.id);
  version.set('title', snapshot.titleOf(before));
  version.set('saved', before.getString('updated'));
  // Who saved the record as it is here: who replaced the version before it.
  version.set('saved_by', previous ? previous.replaced_by : '');
  version.set('replaced_by', editor);
  version.set('deleted', deleted);
  version.set('data', snapshot.fieldsOf(before));
  setBody(app, version, before);
  var storage = app.newFilesystem();
  try {
    var files = [];
    for (var i = 0; i < removed.length; i += 1) {
      try {
        files.push(storage.getReuploadableFile(before.baseFilesPath() + '/' + removed[i], true));
      } catch (_) {
        // Not in storage (lost before versions were kept): nothing to keep.
      }
    }
    version.set('files', files);
    // A copy of what PocketBase stored already, as it was: a body from before the size limit too.
    app.saveNoValidate(version);
  } finally {
    storage.close();
  }
  return version;
}

/**
 * Before an update is stored: keeps the record as it was when readers would see the change.
 * Returns the version, or null when none was needed.
 */
function keepBeforeSave(app, record, editor) {
  var before = record.original();
  if (!snapshot.readersSeeChange(before, record)) return null;
  var after = snapshot.filesOf(record);
  var removed = snapshot.filesOf(before).filter(function (name) {
    return after.indexOf(name) < 0;
  });
  return keep(app, before, removed, editor, false);
}

/** Before a delete is stored: keeps all of the record, files too, flagged deleted. */
function keepDeleted(app, record, editor) {
  return keep(app, record, snapshot.filesOf(record), editor, true);
}

/** After the save it was kept for failed: the version goes, and its files with it. */
function discard(app, version) {
  if (version) app.delete(version);
}

/** After a save: prunes the record's versions, never the one `except` (being put back). */
function pruneAfterSave(app, record, except) {
  try {
    var collection = record.collection().name;
    var beyond = versionRows(app, collection, record.id, ['id', 'created'], '', null, 'LIMIT -1 OFFSET ' + KEEP_AT_LEAST); // prettier-ignore
    var cutoff = new Date(Date.now() - KEEP_DAYS * DAY_MS).toISOString().replace('T', ' ');
    // Oldest first: a version holds a body or picture for older ones, so they go before it.
    for (var i = beyond.length - 1; i >= 0; i -= 1) {
      if (beyond[i].id === except || beyond[i].created >= cutoff) continue;
      app.delete(app.findRecordById(VERSIONS, beyond[i].id));
    }
  } catch (err) {
    // The save is stored: pruning again at the next one is all a failure costs.
    app.logger().error('[versions] pruning failed', 'record', record.id, 'error', String(err));
  }
}

/** Whether a file is on the record now (it exists and holds it). */
function onRecord(app, collection, id, name) {
  try {
    return snapshot.filesOf(app.findRecordById(collection, id)).indexOf(name) >= 0;
  } catch (_) {
    return false;
  }
}

/**
 * Before a version is deleted: its body goes to the newest version of its record with the same
 * one, its pictures to the newest that had them, unless they are on the record or kept by another.
 */
function handOver(app, version) {
  var collection = version.getString('collection');
  var id = version.getString('record');
  var other = { self: version.id };
  var body = version.getString('body');
  if (body !== '') {
    var digest = version.getString('body_digest');
    var heir = findVersions(app, collection, id, 'id != {:self} && body_digest = {:digest}', { self: version.id, digest: digest }, 1)[0]; // prettier-ignore
    if (heir) {
      heir.set('body', body);
      app.saveNoValidate(heir);
    }
  }
  var names = snapshot.fileNames(version.get('files'));
  if (names.length === 0) return;
  var storage = app.newFilesystem();
  try {
    for (var i = 0; i < names.length; i += 1) {
      other.name = names[i];
      if (onRecord(app, collection, id, names[i])) continue;
      if (findVersions(app, collection, id, 'id != {:self} && files ?= {:name}', other, 1).length) continue; // prettier-ignore
      var holder = findVersions(app, collection, id, 'id != {:self} && data ~ {:name}', other, 1)[0]; // prettier-ignore
      if (!holder) continue;
      holder.set('files+', storage.getReuploadableFile(version.baseFilesPath() + '/' + names[i], true)); // prettier-ignore
      app.saveNoValidate(holder);
    }
  } finally {
    storage.close();
  }
}

module.exports = {
  VERSIONS: VERSIONS,
  findVersions: findVersions,
  editorOf: editorOf,
  keepBeforeSave: keepBeforeSave,
  keepDeleted: keepDeleted,
  discard: discard,
  pruneAfterSave: pruneAfterSave,
  handOver: handOver,
};
