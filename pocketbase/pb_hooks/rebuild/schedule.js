/*
 * Site webhooks, the schedule. Nothing is saved when a scheduled post's time comes, so the minute
 * job looks for posts whose published_at passed since the last rebuild and sends one rebuild for
 * all of them. "Since" is a cutoff kept in PocketBase's database (rebuild/state.js, set first
 * by the migration that made its collection), not only in memory: a post that comes due while PocketBase
 * restarts, or is down, still gets its rebuild on the first tick after the start. The same job
 * sends the changes held back by the rate limit and retries failed POSTs.
 */

var targets = require(__hooks + '/rebuild/targets.js');
var delivery = require(__hooks + '/rebuild/delivery.js');
var state = require(__hooks + '/rebuild/state.js');
var pocketBaseNow = require(__hooks + '/rebuild/public.js').pocketBaseNow;
var TARGETS = targets.TARGETS;
var guard = targets.guard;
var keyOf = targets.keyOf;

/** State key of the scheduled-posts cutoff: { at: PocketBase date text }. */
var KEY_SCHEDULE_CUTOFF = 'ledgerwise.scheduledPostsCutoff';
/** More than this many posts due in one minute still make one POST; the rest are only counted. */
var DUE_POSTS_LIMIT = 500;

/** The cutoff: scheduled posts dated after it have not been covered by a rebuild yet. */
function readCutoff(store) {
  var value = state.read(KEY_SCHEDULE_CUTOFF);
  var saved = value && value.at ? String(value.at) : '';
  // A POST to the public site's hook covers every post that was due when it was sent.
  var lastSent = Number(store.get(keyOf(TARGETS[0], 'lastSentAt'))) || 0;
  var sent = lastSent ? new Date(lastSent).toISOString().replace('T', ' ') : '';
  return sent > saved ? { at: sent, saved: saved } : { at: saved, saved: saved };
}

/** The minute job: sends one rebuild for the scheduled posts that came due since the last one. */
function publishDuePosts(store) {
  var now = pocketBaseNow();
  var cutoff = readCutoff(store);
  if (cutoff.at === '') {
    // The migration sets the cutoff; without it (deleted by hand) nothing earlier is known.
    state.write(KEY_SCHEDULE_CUTOFF, { at: now });
    return;
  }
  var due = $app.findRecordsByFilter(
    'blogs',
    'published = true && published_at > {:cutoff} && published_at <= {:now}',
    'published_at',
    DUE_POSTS_LIMIT,
    0,
    { cutoff: cutoff.at, now: now },
  );
  if (due.length > 0) {
    var change = {
      collection: 'blogs',
      action: 'scheduled',
      recordId: due[0].id,
      more: due.length - 1,
    };
    for (var i = 0; i < TARGETS.length; i += 1) delivery.notify(TARGETS[i], store, change);
    state.write(KEY_SCHEDULE_CUTOFF, { at: now });
  } else if (cutoff.at !== cutoff.saved) {
    // A save's POST moved the cutoff: keep it across a restart (one write per minute at most).
    state.write(KEY_SCHEDULE_CUTOFF, { at: cutoff.at });
  }
}

/** The minute job: scheduled posts that came due, then pending and failed changes. */
function minuteTick() {
  guard('in the scheduled-posts job', function () {
    publishDuePosts($app.store());
  });
  for (var i = 0; i < TARGETS.length; i += 1) {
    var target = TARGETS[i];
    guard('in the pending-rebuild job', function () {
      delivery.flushPending(target, $app.store());
    });
  }
}

module.exports = {
  minuteTick: minuteTick,
};
