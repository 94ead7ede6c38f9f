/*
 * Versions, what one holds. The fields are read from the record's collection when it is saved,
 * never listed here, so that a field added later (a post's slug) is kept from then on: every
 * field but the id, the dates PocketBase sets itself and passwords. A change to one of them that
 * is not hidden is a change readers see, and keeps a version. The body (the collection's editor
 * field) is kept apart from the other fields, once per record (keep.js).
 *
 * The modules in this folder are not hook files: handlers require() them. ES5, as the rest.
 */

/** The fields a version keeps, in the collection's order. */
function keptFields(collection) {
  var kept = [];
  var fields = collection.fields;
  for (var i = 0; i < fields.length; i += 1) {
    var type = fields[i].type();
    if (fields[i].getSystem() || type === 'autodate' || type === 'password') continue;
    kept.push(fields[i]);
  }
  return kept;
}

/** The collection's body: its first editor field, or null. */
function bodyField(collection) {
  var fields = keptFields(collection);
  for (var i = 0; i < fields.length; i += 1) if (fields[i].type() === 'editor') return fields[i];
  return null;
}

/** The names a file field holds: stored names, and the names uploads will be stored under. */
function fileNames(raw) {
  if (raw === null || raw === undefined || raw === '') return [];
  if (typeof raw === 'string') return [raw];
  if (typeof raw.length !== 'number') return [raw.name];
  var names = [];
  for (var i = 0; i < raw.length; i += 1) names.push(typeof raw[i] === 'string' ? raw[i] : raw[i].name); // prettier-ignore
  return names;
}

/** A field's value as the record's JSON has it: text, number, bool, list, or parsed JSON. */
function valueOf(record, field) {
  var name = field.getName();
  switch (field.type()) {
    case 'bool':
      return record.getBool(name);
    case 'number':
      return record.getFloat(name);
    case 'json': {
      var raw = record.getString(name);
      return raw === '' ? null : JSON.parse(raw);
    }
    case 'file': {
      var names = fileNames(record.get(name));
      return field.isMultiple() ? names : names[0] || '';
    }
    case 'relation':
    case 'select':
      return field.isMultiple() ? record.getStringSlice(name) : record.getString(name);
    default:
      return record.getString(name);
  }
}

/** Whether a save changes what readers see: a field that is not hidden, or a new upload. */
function readersSeeChange(before, after) {
  var fields = keptFields(after.collection());
  for (var i = 0; i < fields.length; i += 1) {
    if (fields[i].getHidden()) continue;
    var name = fields[i].getName();
    if (fields[i].type() === 'file' && after.getUnsavedFiles(name).length > 0) return true;
    var was = valueOf(before, fields[i]);
    var is = valueOf(after, fields[i]);
    // Text as it is (a body may be 1 MB); lists and JSON by their JSON.
    if (typeof was === 'string' ? was !== is : JSON.stringify(was) !== JSON.stringify(is))
      return true;
  }
  return false;
}

/** Every kept field but the body, by name: a version's `data`. */
function fieldsOf(record) {
  var data = {};
  var body = bodyField(record.collection());
  var fields = keptFields(record.collection());
  for (var i = 0; i < fields.length; i += 1) {
    if (body && fields[i].getName() === body.getName()) continue;
    data[fields[i].getName()] = valueOf(record, fields[i]);
  }
  return data;
}

/** What the version list shows of a record: its first presentable field, else its id. */
function titleOf(record) {
  var fields = keptFields(record.collection());
  for (var i = 0; i < fields.length; i += 1) {
    if (fields[i].presentable && fields[i].type() === 'text') {
      return record.getString(fields[i].getName()).slice(0, 2000);
    }
  }
  return record.id;
}

/** The names of the files a record holds in all its file fields. */
function filesOf(record) {
  var names = [];
  var fields = keptFields(record.collection());
  for (var i = 0; i < fields.length; i += 1) {
    if (fields[i].type() === 'file') names = names.concat(fileNames(record.get(fields[i].getName()))); // prettier-ignore
  }
  return names;
}

module.exports = {
  keptFields: keptFields,
  bodyField: bodyField,
  fileNames: fileNames,
  readersSeeChange: readersSeeChange,
  fieldsOf: fieldsOf,
  titleOf: titleOf,
  filesOf: filesOf,
};
