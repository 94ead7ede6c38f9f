/*
 * Site webhooks: the logic behind site-rebuild.pb.js. Not a hook file itself (the name does not
 * end in .pb.js): handlers `require()` it, because they cannot see a hook file's top-level names.
 *
 * Targets. Each webhook is one entry of TARGETS: the public site's build hook
 * (SITE_REBUILD_HOOK_URL) hears only of changes a visitor can see; the preview site's hook
 * (SITE_PREVIEW_HOOK_URL, optional) hears of every save, drafts included. Both get the same JSON
 * body. Another webhook is another entry.
 *
 * What is public. A blogs record is public when it is published and its published_at has come;
 * a testimonials record when it is published (the same rules as the collections' API rules). A
 * create, update or delete reaches the public site's hook when the record was public before or
 * after it; saving a draft, or a post scheduled for later, sends nothing there.
 *
 * Scheduled posts. Nothing is saved when a scheduled post's time comes, so the minute job looks
 * for posts whose published_at passed since the last rebuild and sends one rebuild for all of
 * them. "Since" is a cutoff kept in PocketBase's database (_params, set first by the migration
 * that added scheduling), not only in memory: a post that comes due while PocketBase restarts, or
 * is down, still gets its rebuild on the first tick after the start.
 *
 * Coalescing. A change POSTs at once when that target sent nothing in the last
 * SITE_REBUILD_MIN_INTERVAL_SECONDS; otherwise it is marked pending in $app.store(). The minute job
 * sends a pending change once the interval has passed, and a later change outside the interval
 * sends it too. A pending mark is cleared just before the POST that covers it, so every change is
 * followed by a POST sent after it was stored: the build that POST starts reads it.
 *
 * Retries. A failed POST (network error, timeout, non-2xx) leaves the change pending and the
 * minute job retries it with a back-off: 1, 2, 4, 8, 16, then every 30 minutes, so an endpoint that
 * is down for hours is not hit every minute. After 24 hours of failures the change is dropped
 * with one log line naming the endpoint, the attempts and the last error. A new change (a save
 * visitors see, a scheduled post coming due) starts afresh: it is sent at once (within the rate
 * limit) with the back-off reset. The pending change lives in _params like the cutoff, so a
 * restart neither loses it nor resets its back-off.
 *
 * The POSTs run before PocketBase answers the editor, so each has a short timeout and every error
 * is caught: a slow or dead endpoint costs one save at most SITE_REBUILD_TIMEOUT_SECONDS per
 * target, the saves in the following interval cost nothing, and no save ever fails because of a
 * webhook.
 *
 * ES5 on purpose: PocketBase's JS VM (goja) runs it.
 */

var KEY_PREFIX = 'ledgerwise.';
var KEY_NO_URL_LOGGED = 'ledgerwise.rebuild.noUrlLogged';
/** _params key of the scheduled-posts cutoff: { at: PocketBase date text }. */
var PARAM_SCHEDULE_CUTOFF = 'ledgerwise.scheduledPostsCutoff';
/** _params key of the test clock: its time in ms (see testClockEnabled). */
var PARAM_TEST_CLOCK = 'ledgerwise.testClock';

var MINUTE_MS = 60000;
/**
 * Back-off after the n-th failed POST: min(2^(n-1), 30) minute jobs. Counted from the minute the
 * failure happened in, so a wait of n means the n-th minute job after the failure.
 */
var RETRY_MAX_MINUTES = 30;
/** Failures go on being retried for this long after the first one; then the change is dropped. */
var RETRY_WINDOW_MS = 24 * 60 * MINUTE_MS;
/** A retry is due a little early rather than a whole minute late when the job's start jitters. */
var RETRY_SLACK_MS = 5000;

var DEFAULT_INTERVAL_SECONDS = 30;
var DEFAULT_TIMEOUT_SECONDS = 2;
var MAX_TIMEOUT_SECONDS = 10;
/** More than this many posts due in one minute still make one POST; the rest are only counted. */
var DUE_POSTS_LIMIT = 500;

var TARGETS = [
  {
    name: 'rebuild',
    logPrefix: '[site-rebuild] ',
    urlVar: 'SITE_REBUILD_HOOK_URL',
    secretVar: 'SITE_REBUILD_HOOK_SECRET',
    intervalVars: ['SITE_REBUILD_MIN_INTERVAL_SECONDS'],
    publicOnly: true,
    // The public site is the point of the project: a missing URL is worth saying once.
    logMissingUrl: true,
  },
  {
    name: 'preview',
    logPrefix: '[site-preview] ',
    urlVar: 'SITE_PREVIEW_HOOK_URL',
    secretVar: 'SITE_PREVIEW_HOOK_SECRET',
    intervalVars: ['SITE_PREVIEW_MIN_INTERVAL_SECONDS', 'SITE_REBUILD_MIN_INTERVAL_SECONDS'],
    publicOnly: false,
    logMissingUrl: false,
  },
];

// ── Settings and logging ─────────────────────────────────────────────────────────────────────

function readInteger(names, fallback, min, max) {
  for (var i = 0; i < names.length; i += 1) {
    var raw = String($os.getenv(names[i]) || '').trim();
    if (raw === '') continue;
    var value = parseInt(raw, 10);
    if (isNaN(value) || String(value) !== raw) return fallback;
    return Math.min(max, Math.max(min, value));
  }
  return fallback;
}

function readSettings(target) {
  return {
    url: String($os.getenv(target.urlVar) || '').trim(),
    secret: String($os.getenv(target.secretVar) || '').trim(),
    intervalMs: readInteger(target.intervalVars, DEFAULT_INTERVAL_SECONDS, 0, 86400) * 1000,
    // $http.send takes whole seconds.
    timeoutSeconds: readInteger(
      ['SITE_REBUILD_TIMEOUT_SECONDS'],
      DEFAULT_TIMEOUT_SECONDS,
      1,
      MAX_TIMEOUT_SECONDS,
    ),
  };
}

function originOf(url) {
  var match = /^(https?:\/\/[^\/?#]+)/.exec(url);
  return match ? match[1] : '(invalid URL)';
}

/** A build hook URL may hold a secret (Netlify's hook id is one): logs show its origin only. */
function redact(text, url) {
  var result = String(text);
  if (url) result = result.split(url).join(originOf(url) + '/…');
  return result.replace(/(https?:\/\/[^\/\s"']+)[^\s"']*/g, '$1/…');
}

function logInfo(target, message) {
  console.log(target.logPrefix + message);
  $app.logger().info(target.logPrefix + message);
}

function logError(target, message, detail) {
  console.log(target.logPrefix + message + (detail ? ': ' + detail : ''));
  $app.logger().error(target.logPrefix + message, 'error', detail || '');
}

/** The target's settings, or null when it has no URL (the public site's absence is logged once). */
function settingsOrNull(target, store) {
  var settings = readSettings(target);
  if (settings.url) return settings;
  if (target.logMissingUrl && !store.get(KEY_NO_URL_LOGGED)) {
    store.set(KEY_NO_URL_LOGGED, true);
    logInfo(target, target.urlVar + ' is not set: content changes do not trigger a site rebuild');
  }
  return null;
}

// ── Sending, coalescing, retrying ────────────────────────────────────────────────────────────

function keyOf(target, name) {
  return KEY_PREFIX + target.name + '.' + name;
}

function withTitle(url, title) {
  var hashAt = url.indexOf('#');
  var base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  return base + (base.indexOf('?') >= 0 ? '&' : '?') + 'trigger_title=' + encodeURIComponent(title);
}

function describe(change) {
  var title = 'PocketBase: ' + change.collection + ' ' + change.action;
  if (change.more > 0)
    title += ' (+' + change.more + ' more ' + (change.more === 1 ? 'change' : 'changes') + ')';
  return title;
}

/** POSTs once: { ok: true } on a 2xx answer, else { ok: false, error }. Never throws. */
function post(target, settings, change) {
  var title = describe(change);
  var headers = { 'content-type': 'application/json' };
  if (settings.secret) headers['authorization'] = 'Bearer ' + settings.secret;
  try {
    var res = $http.send({
      url: withTitle(settings.url, title),
      method: 'POST',
      body: JSON.stringify({
        trigger_title: title,
        collection: change.collection,
        action: change.action,
        record_id: change.recordId,
        changes: 1 + change.more,
      }),
      headers: headers,
      timeout: settings.timeoutSeconds,
    });
    if (res.statusCode >= 200 && res.statusCode < 300) {
      logInfo(
        target,
        'sent "' + title + '" to ' + originOf(settings.url) + ' (HTTP ' + res.statusCode + ')',
      );
      return { ok: true, error: '' };
    }
    var answer = redact(res.raw, settings.url).slice(0, 300);
    logError(
      target,
      'the build hook at ' + originOf(settings.url) + ' answered HTTP ' + res.statusCode,
      answer,
    );
    return { ok: false, error: 'HTTP ' + res.statusCode + (answer ? ' ' + answer : '') };
  } catch (err) {
    var reason = redact(err, settings.url);
    logError(target, 'could not reach the build hook at ' + originOf(settings.url), reason);
    return { ok: false, error: reason };
  }
}

/** The target's pending change ({ collection, action, recordId, more, retry }), or null. */
function readPending(target) {
  try {
    var value = JSON.parse(String($app.dao().findParamByKey(keyOf(target, 'pending')).value));
    return value && value.collection ? value : null;
  } catch (missing) {
    return null;
  }
}

/** Stores (or, with null, clears) the target's pending change where a restart keeps it. */
function writePending(target, pending) {
  $app.dao().saveParam(keyOf(target, 'pending'), pending);
}

/**
 * `change` folded into the pending one: the newest change names the POST, the count grows. A
 * pending change that is being retried keeps its back-off only when `change` is itself that
 * retry's failure (retry given); any new change starts afresh (retry null).
 */
function merge(pending, change, retry) {
  if (!pending) return withRetry(change, retry);
  return {
    collection: change.collection,
    action: change.action,
    recordId: change.recordId,
    more: Number(change.more || 0) + 1 + Number(pending.more || 0),
    retry: retry && !pending.retry ? null : retry,
  };
}

function withRetry(change, retry) {
  return {
    collection: change.collection,
    action: change.action,
    recordId: change.recordId,
    more: Number(change.more || 0),
    retry: retry || null,
  };
}

/** Minutes to wait after the n-th failed POST in a row: 1, 2, 4, 8, 16, 30, 30 … */
function backOffMinutes(failures) {
  return Math.min(RETRY_MAX_MINUTES, Math.pow(2, Math.max(0, failures - 1)));
}

/**
 * POSTs `change`. A failure keeps it pending with its back-off (`retry`: { attempts, firstAt,
 * nextAt, lastError } of the failures so far, null for a first POST), or drops it once failures
 * have gone on for RETRY_WINDOW_MS.
 */
function sendNow(target, settings, store, change, retry) {
  var now = nowMs();
  store.set(keyOf(target, 'lastSentAt'), now);
  var result = post(target, settings, change);
  if (result.ok) return;
  var attempts = (retry ? Number(retry.attempts) : 0) + 1;
  var firstAt = retry ? Number(retry.firstAt) : now;
  if (now - firstAt >= RETRY_WINDOW_MS) {
    logError(
      target,
      'gave up on "' +
        describe(change) +
        '" after ' +
        attempts +
        ' failed attempts in ' +
        Math.round((now - firstAt) / 3600000) +
        ' hours to the build hook at ' +
        originOf(settings.url) +
        '/…; the next change sends again. Last error',
      result.error,
    );
    return;
  }
  var wait = backOffMinutes(attempts);
  // Kept for the minute job: a change is never dropped because the endpoint was down a while.
  writePending(
    target,
    merge(readPending(target), change, {
      attempts: attempts,
      firstAt: firstAt,
      nextAt: (Math.floor(now / MINUTE_MS) + wait) * MINUTE_MS,
      lastError: String(result.error).slice(0, 300),
    }),
  );
  logInfo(
    target,
    'attempt ' + attempts + ' failed; the change stays pending and is retried in ' + wait + ' min',
  );
}

/** Sends a new change to one target now, or marks it pending when the target sent too recently. */
function notify(target, store, change) {
  var settings = settingsOrNull(target, store);
  if (!settings) return;
  var last = Number(store.get(keyOf(target, 'lastSentAt'))) || 0;
  var pending = readPending(target);
  if (nowMs() - last >= settings.intervalMs) {
    if (pending) writePending(target, null);
    sendNow(target, settings, store, merge(pending, change, null), null);
  } else {
    writePending(target, merge(pending, change, null));
  }
}

/** The minute job: sends a target's pending change once its interval and back-off have passed. */
function flushPending(target, store) {
  var pending = readPending(target);
  if (!pending) return;
  var settings = settingsOrNull(target, store);
  if (!settings) return;
  var now = nowMs();
  var last = Number(store.get(keyOf(target, 'lastSentAt'))) || 0;
  if (now - last < settings.intervalMs) return;
  if (pending.retry && now < Number(pending.retry.nextAt) - RETRY_SLACK_MS) return;
  writePending(target, null);
  sendNow(target, settings, store, pending, pending.retry);
}

// ── The clock ────────────────────────────────────────────────────────────────────────────────

/**
 * Test plumbing, never set in production: with SITE_REBUILD_TEST_CLOCK=1 this hook's clock stands
 * still, half a minute into the minute after it was first read, and the minute job is not run by
 * cron but by POST /api/ledgerwise/test-clock/advance/<minutes> (admin only; see
 * site-rebuild.pb.js): each minute moves the clock on by exactly one minute and runs the job. A day
 * of back-off then runs in seconds against the real server, always the same way.
 */
function testClockEnabled() {
  return String($os.getenv('SITE_REBUILD_TEST_CLOCK') || '').trim() === '1';
}

/** The test clock, kept in _params so that it survives a restart; started on first use. */
function testClock() {
  try {
    var saved = Number(JSON.parse(String($app.dao().findParamByKey(PARAM_TEST_CLOCK).value)));
    if (saved > 0) return saved;
  } catch (missing) {
    // first use
  }
  // Ahead of the real clock, so posts published now (dated by the real one) are already public.
  var start = (Math.floor(Date.now() / MINUTE_MS) + 1) * MINUTE_MS + MINUTE_MS / 2;
  $app.dao().saveParam(PARAM_TEST_CLOCK, start);
  return start;
}

/** Now in ms: the real clock, or the test clock. */
function nowMs() {
  return testClockEnabled() ? testClock() : Date.now();
}

// ── What is public ───────────────────────────────────────────────────────────────────────────

/** Now as PocketBase writes dates ("2025-07-01 12:00:00.123Z"), which compare as text. */
function pocketBaseNow() {
  return new Date(nowMs()).toISOString().replace('T', ' ');
}

function isPublic(record) {
  if (!record || !record.getBool('published')) return false;
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

function guard(what, fn) {
  try {
    fn();
  } catch (err) {
    // The editor's save has succeeded: whatever happens here must not turn it into an error.
    try {
      logError(TARGETS[0], 'unexpected error ' + what, String(err));
    } catch (ignored) {
      // nothing left to do
    }
  }
}

// ── Entry points (site-rebuild.pb.js) ────────────────────────────────────────────────────────

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
 * After a blogs or testimonials record was created, updated or deleted. `before` is the record as
 * it was stored before an update (null otherwise).
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
      notify(TARGETS[i], store, change);
    }
  });
}

/** The cutoff: scheduled posts dated after it have not been covered by a rebuild yet. */
function readCutoff(store) {
  var saved = '';
  try {
    saved = String(JSON.parse(String($app.dao().findParamByKey(PARAM_SCHEDULE_CUTOFF).value)).at);
  } catch (missing) {
    saved = '';
  }
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
    $app.dao().saveParam(PARAM_SCHEDULE_CUTOFF, { at: now });
    return;
  }
  var due = $app
    .dao()
    .findRecordsByFilter(
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
    for (var i = 0; i < TARGETS.length; i += 1) notify(TARGETS[i], store, change);
    $app.dao().saveParam(PARAM_SCHEDULE_CUTOFF, { at: now });
  } else if (cutoff.at !== cutoff.saved) {
    // A save's POST moved the cutoff: keep it across a restart (one write per minute at most).
    $app.dao().saveParam(PARAM_SCHEDULE_CUTOFF, { at: cutoff.at });
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
      flushPending(target, $app.store());
    });
  }
}

/** Cron, every minute: the minute job, unless the test clock drives it. */
function cronTick() {
  if (!testClockEnabled()) minuteTick();
}

/** Test plumbing (see testClockEnabled): `minutes` minute jobs, the clock one minute on before each. */
function advanceTestClock(minutes) {
  for (var i = 0; i < minutes; i += 1) {
    $app.dao().saveParam(PARAM_TEST_CLOCK, testClock() + MINUTE_MS);
    minuteTick();
  }
  return { now: new Date(nowMs()).toISOString() };
}

module.exports = {
  fillPublishedAt: fillPublishedAt,
  recordChanged: recordChanged,
  cronTick: cronTick,
  testClockEnabled: testClockEnabled,
  advanceTestClock: advanceTestClock,
};
