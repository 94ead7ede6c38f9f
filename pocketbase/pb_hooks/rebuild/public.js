/*
 * Site webhooks, what is public. A blogs record is public when it is published and its
 * published_at has come; a testimonials record when it is published (the same rules as the
 * collections' API rules); a topics or authors record always. A create, update or delete reaches
 * the public site's hook when the record was public before or after it; saving a draft, or a post
 * scheduled for later, sends nothing there. A post published without a date is dated now, so
 * "publish" means "publish now".
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

function isPublic(record) {
  if (!record) return false;
  // Topics and authors have no draft state: anyone can read them, and post pages show them.
  var name = record.collection().name;
  if (name === 'topics' || name === 'authors') return true;
  if (!record.getBool('published')) return false;
  if (record.collection().name !== 'blogs') return true;
  var at = record.getString('published_at');
  return at !== '' && at <= pocketBaseNow();
}

/** created / published / unpublished / updated / deleted, and whether visitors see the change. */
function classify(record, action, before) {
  var after = action === 'deleted' ? false : isPublic(record);
  var was =
    action === 'created' ? false : action === 'deleted' ? isPublic(record) : isPublic(before);
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
 * After a blogs, testimonials, topics or authors record was created, updated or deleted. `before`
 * is the record as it was stored before an update (null otherwise).
 */
function recordChanged(record, action, before) {
  guard('after a save', function () {
    var store = $app.store();
    var kind = classify(record, action, before || null);
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
  recordChanged: recordChanged,
};
