/*
 * Site webhooks, what is public, exactly as the collections' read rules have it: a blogs record
 * when it is published and its published_at has come; a testimonials record when it is published;
 * a topics or authors record while a live post has it (1764460800_private_drafts.js). A create,
 * update or delete reaches the public site's hook when the record was public before or after it;
 * saving a draft, a post scheduled for later, or a topic only drafts have sends nothing there. A
 * post published without a date is dated now, so "publish" means "publish now".
 */

var targets = require(__hooks + '/rebuild/targets.js');
var delivery = require(__hooks + '/rebuild/delivery.js');
var clock = require(__hooks + '/rebuild/clock.js');
var TARGETS = targets.TARGETS;
var guard = targets.guard;

/** Now as PocketBase writes dates ("2025-07-01 12:00:00.123Z"), which compare as text. */
function pocketBaseNow() {
  return new Date(clock.now()).toISOString().replace('T', ' ');
}

/** Whether visitors see the record (as it is stored, or as it was: `record.original()`). */
function isPublic(record) {
  var name = record.collection().name;
  if (name === 'topics' || name === 'authors') return onLivePost(name, record.id);
  if (!record.getBool('published')) return false;
  if (name !== 'blogs') return true;
  var at = record.getString('published_at');
  return at !== '' && at <= pocketBaseNow();
}

/** A live post has the topic or author `id` in its field `field` (`topics` or `authors`). */
function onLivePost(field, id) {
  var live = $app.findRecordsByFilter(
    'blogs',
    field + '.id ?= {:id} && published = true && published_at != "" && published_at <= {:now}',
    '',
    1,
    0,
    { id: id, now: pocketBaseNow() },
  );
  return live.length > 0;
}

/**
 * Before an update or a delete: whether visitors saw the record. A failure counts as public, so
 * that it costs at most a needless rebuild, never the editor's save.
 */
function wasPublic(record) {
  var was = true;
  guard('before a save', function () {
    was = isPublic(record);
  });
  return was;
}

/** created / published / unpublished / updated / deleted, and whether visitors see the change. */
function classify(record, action, was) {
  var after = action === 'deleted' ? false : isPublic(record);
  var name = action;
  if (action === 'updated' && !was && after) name = 'published';
  if (action === 'updated' && was && !after) name = 'unpublished';
  return { action: name, public: was || after };
}

/**
 * Before a blogs record is stored through the API or the admin UI: a post published without a
 * date is dated now, so "publish" means "publish now".
 */
function fillPublishedAt(record) {
  guard('while dating a published post', function () {
    if (record.getBool('published') && record.getString('published_at') === '') {
      record.set('published_at', new DateTime());
    }
  });
}

/**
 * After a blogs, testimonials, topics or authors record was created, updated or deleted. `was`
 * is whether visitors saw it before (wasPublic, asked before the save; false for a create): a
 * deleted topic is no longer on any post afterwards.
 */
function recordChanged(record, action, was) {
  guard('after a save', function () {
    var store = $app.store();
    var kind = classify(record, action, was);
    var change = {
      collection: record.collection().name,
      action: kind.action,
      recordId: record.id,
      more: 0,
    };
    for (var i = 0; i < TARGETS.length; i += 1) {
      if (TARGETS[i].publicOnly && !kind.public) continue;
      delivery.notify(TARGETS[i], store, change);
    }
  });
}

module.exports = {
  pocketBaseNow: pocketBaseNow,
  fillPublishedAt: fillPublishedAt,
  wasPublic: wasPublic,
  recordChanged: recordChanged,
};
