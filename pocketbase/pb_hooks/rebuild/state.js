/*
 * Site webhooks, the state a restart must not lose: the scheduled-posts cutoff and each target's
 * pending change. It lives in the `hook_state` collection (key → JSON value), whose API rules are
 * all null, so only superusers can read it (pb_migrations/1795737600_hook_state.js).
 */

var COLLECTION = 'hook_state';

/** The value stored under `key`, or null when there is none. */
function read(key) {
  var record;
  try {
    record = $app.findFirstRecordByData(COLLECTION, 'key', key);
  } catch (missing) {
    return null;
  }
  var raw = record.getString('value');
  return raw ? JSON.parse(raw) : null;
}

/** Stores `value` (any JSON value; null clears it) under `key`. */
function write(key, value) {
  var record;
  try {
    record = $app.findFirstRecordByData(COLLECTION, 'key', key);
  } catch (missing) {
    if (value === null) return;
    record = new Record($app.findCollectionByNameOrId(COLLECTION));
    record.set('key', key);
  }
  record.set('value', value);
  $app.save(record);
}

module.exports = { read: read, write: write };
