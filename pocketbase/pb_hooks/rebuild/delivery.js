/*
 * Site webhooks, delivery: one POST per change, coalesced and retried.
 *
 * Coalescing. A change POSTs at once when that target sent nothing in the last
 * SITE_REBUILD_MIN_INTERVAL_SECONDS; otherwise it is marked pending. The minute job sends a
 * pending change once the interval has passed, and a later change outside the interval sends it
 * too. A pending mark is cleared just before the POST that covers it, so every change is followed
 * by a POST sent after it was stored: the build that POST starts reads it.
 *
 * Retries. A failed POST (network error, timeout, non-2xx) leaves the change pending and the
 * minute job retries it with a back-off: 1, 2, 4, 8, 16, then every 30 minutes, so an endpoint
 * that is down for hours is not hit every minute. After 24 hours of failures the change is
 * dropped with one log line naming the endpoint, the attempts and the last error. A new change (a
 * save visitors see, a scheduled post coming due) starts afresh: it is sent at once (within the
 * rate limit) with the back-off reset. The pending change lives in rebuild/state.js, so a restart
 * neither loses it nor resets its back-off.
 *
 * The POSTs run before PocketBase answers the editor, so each has a short timeout and every error
 * is caught: a slow or dead endpoint costs one save at most SITE_REBUILD_TIMEOUT_SECONDS per
 * target, the saves in the following interval cost nothing, and no save ever fails because of a
 * webhook.
 */

var targets = require(__hooks + '/rebuild/targets.js');
var clock = require(__hooks + '/rebuild/clock.js');
var state = require(__hooks + '/rebuild/state.js');
var originOf = targets.originOf;
var redact = targets.redact;
var logInfo = targets.logInfo;
var logError = targets.logError;
var settingsOrNull = targets.settingsOrNull;
var keyOf = targets.keyOf;

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
  var value = state.read(keyOf(target, 'pending'));
  return value && value.collection ? value : null;
}

/** Stores (or, with null, clears) the target's pending change where a restart keeps it. */
function writePending(target, pending) {
  state.write(keyOf(target, 'pending'), pending);
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
  var now = clock.now();
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
  if (clock.now() - last >= settings.intervalMs) {
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
  var now = clock.now();
  var last = Number(store.get(keyOf(target, 'lastSentAt'))) || 0;
  if (now - last < settings.intervalMs) return;
  if (pending.retry && now < Number(pending.retry.nextAt) - RETRY_SLACK_MS) return;
  writePending(target, null);
  sendNow(target, settings, store, pending, pending.retry);
}

module.exports = {
  notify: notify,
  flushPending: flushPending,
};
