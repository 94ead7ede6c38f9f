/*
 * Versions, putting one back. An editor switches on `put_back` on a version in the admin UI and saves:
 * the record becomes that version again, its fields, its body and its pictures. A picture the
 * record no longer has comes back from the version that kept it, under its own name, so the
 * body's pictures show again; a deleted record is made again with its id, so at its address.
 * It is saved as an editor's edit is (content/editorSave.js): the checks at save, what the record
 * is now kept as a version first, the site rebuilt when readers see the change. A relation to a
 * topic or author deleted since is left out; every other field is the version's, and a field
 * added since the version keeps its value. The version itself stays as it was.
 */

var snapshot = require(__hooks + '/versions/snapshot.js');
var keep = require(__hooks + '/versions/keep.js');

var UNCHANGEABLE =
  'A version is kept as it was: to make the record this version again, switch on put_back and save.';

/** The version's body: its own, or held by another version of its record with the same digest. */
function bodyOf(app, version) {
  var body = version.getString('body');
  var digest = version.getString('body_digest');
  if (body !== '' || digest === '' || digest === $security.sha256('')) return body;
  var holder = keep.findVersions(app, version.getString('collection'), version.getString('record'), 'body_digest = {:digest} && body != ""', { digest: digest }, 1)[0]; // prettier-ignore
  if (!holder) throw new Error('its body is no longer kept');
  return holder.getString('body');
}

/** The file `name` as the version's record had it: still on the record, or a kept copy. */
function fileBack(app, storage, version, current, name) {
  if (current.indexOf(name) >= 0) return name;
  var holder = snapshot.fileNames(version.get('files')).indexOf(name) >= 0 ? version : null;
  if (!holder) {
    var params = { name: name };
    holder = keep.findVersions(app, version.getString('collection'), version.getString('record'), 'files ?= {:name}', params, 1)[0]; // prettier-ignore
  }
  if (!holder) {
    app.logger().warn('[versions] a picture of the version is no longer kept', 'file', name);
    return null;
  }
  return storage.getReuploadableFile(holder.baseFilesPath() + '/' + name, true);
}

/** The related ids that still exist, in their order. */
function existingIds(app, field, value) {
  var ids = typeof value === 'string' ? (value ? [value] : []) : value || [];
  var found = ids.length ? app.findRecordsByIds(field.collectionId, ids) : [];
  var exists = {};
  for (var i = 0; i < found.length; i += 1) exists[found[i].id] = true;
  var kept = ids.filter(function (id) {
    return exists[id];
  });
  return field.isMultiple() ? kept : kept[0] || '';
}

/** Sets every field of `record` the version holds. */
function loadVersion(app, storage, record, version) {
  var data = JSON.parse(version.getString('data') || '{}');
  var body = snapshot.bodyField(record.collection());
  var current = record.isNew() ? [] : snapshot.filesOf(record);
  var fields = snapshot.keptFields(record.collection());
  for (var i = 0; i < fields.length; i += 1) {
    var name = fields[i].getName();
    if (body && name === body.getName()) {
      record.set(name, bodyOf(app, version));
    } else if (!(name in data)) {
      continue; // Added since this version: it keeps its value.
    } else if (fields[i].type() === 'file') {
      var files = [];
      var names = snapshot.fileNames(data[name]);
      for (var j = 0; j < names.length; j += 1) {
        var file = fileBack(app, storage, version, current, names[j]);
        if (file) files.push(file);
      }
      record.set(name, files);
    } else if (fields[i].type() === 'relation') {
      record.set(name, existingIds(app, fields[i], data[name]));
    } else {
      record.set(name, data[name]);
    }
  }
}

/** Makes the version's record this version again, as `editor`. */
function putBack(app, version, editor) {
  var collection = app.findCollectionByNameOrId(version.getString('collection'));
  var id = version.getString('record');
  var record;
  var action = 'updated';
  try {
    record = app.findRecordById(collection, id);
  } catch (_) {
    record = new Record(collection);
    record.set('id', id);
    action = 'created';
  }
  var storage = app.newFilesystem();
  try {
    loadVersion(app, storage, record, version);
    // The uploads read the kept files from storage while the record is saved.
    require(__hooks + '/content/editorSave.js').saveAsEditor(app, record, action, editor, version.id); // prettier-ignore
  } finally {
    storage.close();
  }
}

/** A version's save through the admin UI or the API: puts it back when `put_back` is on. */
function onVersionSave(e) {
  var version = e.record;
  var stored = version.original();
  var refused = function (message) {
    return new BadRequestError(message, { put_back: new ValidationError('put_back', message) });
  };
  if (!version.getBool('put_back')) throw refused(UNCHANGEABLE);
  // Whatever else the form sent, the version stays as it was, the switch off again.
  var fields = version.collection().fields;
  for (var i = 0; i < fields.length; i += 1) {
    if (!fields[i].getSystem()) version.set(fields[i].getName(), stored.get(fields[i].getName()));
  }
  version.set('put_back', false);
  try {
    putBack(e.app, stored, keep.editorOf(e));
  } catch (err) {
    var reason = err && err.message ? err.message : String(err);
    // A version's panel has no published switch: its advice is to edit the post instead.
    reason = reason.replace(/ Or switch off published\.$/, ' Edit the post itself instead.');
    throw refused('Cannot put this version back: ' + reason);
  }
  e.next();
}

module.exports = { onVersionSave: onVersionSave, putBack: putBack };
