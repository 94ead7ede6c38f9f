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
 * followed by a POST sent after it was stored: the build that POST starts reads it. A failed POST
 * leaves the change pending and the minute job retries it.
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

/** A build hook URL is a secret (Netlify's id, the listener's ?secret=): logs show its origin only. */
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

/** POSTs once; true on a 2xx answer. Never throws. */
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
      return true;
    }
    logError(
      target,
      'the build hook at ' + originOf(settings.url) + ' answered HTTP ' + res.statusCode,
      redact(res.raw, settings.url).slice(0, 300),
    );
  } catch (err) {
    logError(
      target,
      'could not reach the build hook at ' + originOf(settings.url),
      redact(err, settings.url),
    );
  }
  return false;
}

function markPending(target, store, change, failedAttempts) {
  var key = keyOf(target, 'pending');
  var pending = store.get(key);
  if (pending) {
    store.set(key, {
      collection: pending.collection,
      action: pending.action,
      recordId: pending.recordId,
      more: Number(pending.more) + 1 + Number(change.more || 0),
      attempts: Math.max(Number(pending.attempts) || 0, failedAttempts || 0),
    });
  } else {
    store.set(key, {
      collection: change.collection,
      action: change.action,
      recordId: change.recordId,
      more: Number(change.more || 0),
      attempts: failedAttempts || 0,
    });
  }
}

/** Takes the pending change (if any) and folds it into `change`. */
function takePending(target, store, change) {
  var key = keyOf(target, 'pending');
  var pending = store.get(key);
  store.remove(key);
  if (!pending) return { change: change, attempts: 0 };
  return {
    change: {
      collection: change.collection,
      action: change.action,
      recordId: change.recordId,
      more: Number(change.more || 0) + 1 + Number(pending.more),
    },
    attempts: Number(pending.attempts) || 0,
  };
}

function sendNow(target, settings, store, change, attempts) {
  store.set(keyOf(target, 'lastSentAt'), Date.now());
  if (!post(target, settings, change)) {
    // Kept for the minute job: a change is never dropped because the endpoint was down.
    markPending(target, store, change, attempts + 1);
    if (attempts === 0) logInfo(target, 'the change stays pending; it is retried every minute');
  }
}

/** Sends `change` to one target now, or marks it pending when the target sent too recently. */
function notify(target, store, change) {
  var settings = settingsOrNull(target, store);
  if (!settings) return;
  var last = Number(store.get(keyOf(target, 'lastSentAt'))) || 0;
  if (Date.now() - last >= settings.intervalMs) {
    var taken = takePending(target, store, change);
    sendNow(target, settings, store, taken.change, taken.attempts);
  } else {
    markPending(target, store, change, 0);
  }
}

/** Sends a target's pending change once its interval has passed. */
function flushPending(target, store) {
  if (!store.get(keyOf(target, 'pending'))) return;
  var settings = settingsOrNull(target, store);
  if (!settings) return;
  var last = Number(store.get(keyOf(target, 'lastSentAt'))) || 0;
  if (Date.now() - last < settings.intervalMs) return;
  var pending = store.get(keyOf(target, 'pending'));
  store.remove(keyOf(target, 'pending'));
  if (!pending) return;
  var change = {
    collection: pending.collection,
    action: pending.action,
    recordId: pending.recordId,
    more: Number(pending.more) || 0,
  };
  sendNow(target, settings, store, change, Number(pending.attempts) || 0);
}

// ── What is public ───────────────────────────────────────────────────────────────────────────

/** Now as PocketBase writes dates ("2025-07-01 12:00:00.123Z"), which compare as text. */
function pocketBaseNow() {
  return new Date().toISOString().replace('T', ' ');
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

/** Cron job, every minute: scheduled posts that came due, then pending and failed changes. */
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

module.exports = {
  fillPublishedAt: fillPublishedAt,
  recordChanged: recordChanged,
  minuteTick: minuteTick,
};
