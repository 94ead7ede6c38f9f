/*
 * Rebuild webhook: the logic behind site-rebuild.pb.js. Not a hook file itself (the name does not
 * end in .pb.js): handlers `require()` it, because they cannot see a hook file's top-level names.
 *
 * Coalescing. A save POSTs to SITE_REBUILD_HOOK_URL at once when no POST went out in the last
 * SITE_REBUILD_MIN_INTERVAL_SECONDS; otherwise it only marks a change as pending in $app.store().
 * A cron job each minute sends the pending change once the interval has passed, and a later save
 * outside the interval sends it too. A pending mark is cleared just before the POST that covers it,
 * so every edit is followed by a POST sent after it was stored: the build that POST starts reads
 * the edit. A failed POST leaves the change pending and the cron job retries it every minute.
 *
 * The POST runs before PocketBase answers the editor, so it has a short timeout and every error is
 * caught: a slow or dead endpoint costs one save at most SITE_REBUILD_TIMEOUT_SECONDS, the saves in
 * the following interval cost nothing, and no save ever fails because of the webhook.
 *
 * ES5 on purpose: the same file runs in PocketBase 0.22 and ≥ 0.23 JS VMs.
 */

var KEY_LAST_SENT = 'ledgerwise.rebuild.lastSentAt';
var KEY_PENDING = 'ledgerwise.rebuild.pending';
var KEY_NO_URL_LOGGED = 'ledgerwise.rebuild.noUrlLogged';

var DEFAULT_INTERVAL_SECONDS = 30;
var DEFAULT_TIMEOUT_SECONDS = 2;
var MAX_TIMEOUT_SECONDS = 10;
var LOG_PREFIX = '[site-rebuild] ';

function readInteger(name, fallback, min, max) {
  var raw = String($os.getenv(name) || '').trim();
  if (raw === '') return fallback;
  var value = parseInt(raw, 10);
  if (isNaN(value) || String(value) !== raw) return fallback;
  return Math.min(max, Math.max(min, value));
}

function readSettings() {
  return {
    url: String($os.getenv('SITE_REBUILD_HOOK_URL') || '').trim(),
    secret: String($os.getenv('SITE_REBUILD_HOOK_SECRET') || '').trim(),
    intervalMs:
      readInteger('SITE_REBUILD_MIN_INTERVAL_SECONDS', DEFAULT_INTERVAL_SECONDS, 0, 86400) * 1000,
    // $http.send takes whole seconds.
    timeoutSeconds: readInteger(
      'SITE_REBUILD_TIMEOUT_SECONDS',
      DEFAULT_TIMEOUT_SECONDS,
      1,
      MAX_TIMEOUT_SECONDS,
    ),
  };
}

/** A build hook URL is a secret (Netlify's id, the listener's ?secret=): logs show its origin only. */
function redact(text, url) {
  var result = String(text);
  if (url) result = result.split(url).join(originOf(url) + '/…');
  return result.replace(/(https?:\/\/[^\/\s"']+)[^\s"']*/g, '$1/…');
}

function originOf(url) {
  var match = /^(https?:\/\/[^\/?#]+)/.exec(url);
  return match ? match[1] : '(invalid URL)';
}

function logInfo(message) {
  console.log(LOG_PREFIX + message);
  $app.logger().info(LOG_PREFIX + message);
}

function logError(message, detail) {
  console.log(LOG_PREFIX + message + (detail ? ': ' + detail : ''));
  $app.logger().error(LOG_PREFIX + message, 'error', detail || '');
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
function post(settings, change) {
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
        'sent "' + title + '" to ' + originOf(settings.url) + ' (HTTP ' + res.statusCode + ')',
      );
      return true;
    }
    logError(
      'the build hook at ' + originOf(settings.url) + ' answered HTTP ' + res.statusCode,
      redact(res.raw, settings.url).slice(0, 300),
    );
  } catch (err) {
    logError(
      'could not reach the build hook at ' + originOf(settings.url),
      redact(err, settings.url),
    );
  }
  return false;
}

function markPending(store, change, failedAttempts) {
  var pending = store.get(KEY_PENDING);
  if (pending) {
    store.set(KEY_PENDING, {
      collection: pending.collection,
      action: pending.action,
      recordId: pending.recordId,
      more: Number(pending.more) + 1 + Number(change.more || 0),
      attempts: Math.max(Number(pending.attempts) || 0, failedAttempts || 0),
    });
  } else {
    store.set(KEY_PENDING, {
      collection: change.collection,
      action: change.action,
      recordId: change.recordId,
      more: Number(change.more || 0),
      attempts: failedAttempts || 0,
    });
  }
}

/** Takes the pending change (if any) and folds it into `change`. */
function takePending(store, change) {
  var pending = store.get(KEY_PENDING);
  store.remove(KEY_PENDING);
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

function sendNow(settings, store, change, attempts) {
  store.set(KEY_LAST_SENT, Date.now());
  if (!post(settings, change)) {
    // Kept for the cron job: a change is never dropped because the endpoint was down.
    markPending(store, change, attempts + 1);
    if (attempts === 0) logInfo('the change stays pending; it is retried every minute');
  }
}

function settingsOrNull(store) {
  var settings = readSettings();
  if (settings.url) return settings;
  if (!store.get(KEY_NO_URL_LOGGED)) {
    store.set(KEY_NO_URL_LOGGED, true);
    logInfo('SITE_REBUILD_HOOK_URL is not set: content changes do not trigger a site rebuild');
  }
  return null;
}

/** Called after a record of blogs or testimonials was created, updated or deleted. */
function recordChanged(record, action) {
  try {
    var store = $app.store();
    var settings = settingsOrNull(store);
    if (!settings) return;
    var change = {
      collection: record.collection().name,
      action: action,
      recordId: record.id,
      more: 0,
    };
    var last = Number(store.get(KEY_LAST_SENT)) || 0;
    if (Date.now() - last >= settings.intervalMs) {
      var taken = takePending(store, change);
      sendNow(settings, store, taken.change, taken.attempts);
    } else {
      markPending(store, change, 0);
    }
  } catch (err) {
    // The editor's save has succeeded: whatever happens here must not turn it into an error.
    try {
      logError('unexpected error', String(err));
    } catch (ignored) {
      // nothing left to do
    }
  }
}

/** Cron job, every minute: sends the pending change once the interval has passed. */
function flushPending() {
  try {
    var store = $app.store();
    if (!store.get(KEY_PENDING)) return;
    var settings = settingsOrNull(store);
    if (!settings) return;
    var last = Number(store.get(KEY_LAST_SENT)) || 0;
    if (Date.now() - last < settings.intervalMs) return;
    var pending = store.get(KEY_PENDING);
    store.remove(KEY_PENDING);
    if (!pending) return;
    var change = {
      collection: pending.collection,
      action: pending.action,
      recordId: pending.recordId,
      more: Number(pending.more) || 0,
    };
    sendNow(settings, store, change, Number(pending.attempts) || 0);
  } catch (err) {
    try {
      logError('unexpected error in the pending-rebuild job', String(err));
    } catch (ignored) {
      // nothing left to do
    }
  }
}

module.exports = {
  recordChanged: recordChanged,
  flushPending: flushPending,
};
