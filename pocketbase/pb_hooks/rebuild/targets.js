/*
 * Site webhooks, the targets: each webhook is one entry of TARGETS. The public site's build hook
 * (SITE_REBUILD_HOOK_URL) hears only of changes a visitor can see; the preview site's hook
 * (SITE_PREVIEW_HOOK_URL, optional) hears of every save, drafts included. Both get the same JSON
 * body; another webhook is another entry. Here too: their settings from the environment, and
 * logging that never shows a hook URL's secret path.
 *
 * The modules in this folder are not hook files (their names do not end in .pb.js): handlers
 * require() them, because they cannot see a hook file's top-level names. ES5, as PocketBase's JS VM
 * (goja) ran them when they were written.
 */

var KEY_PREFIX = 'ledgerwise.';
var KEY_NO_URL_LOGGED = 'ledgerwise.rebuild.noUrlLogged';

var DEFAULT_INTERVAL_SECONDS = 30;
var DEFAULT_TIMEOUT_SECONDS = 2;
var MAX_TIMEOUT_SECONDS = 10;

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

/** The store and state key of one of a target's values. */
function keyOf(target, name) {
  return KEY_PREFIX + target.name + '.' + name;
}

/** Runs fn, logging rather than throwing: the editor's save has succeeded already. */
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

module.exports = {
  TARGETS: TARGETS,
  settingsOrNull: settingsOrNull,
  originOf: originOf,
  redact: redact,
  logInfo: logInfo,
  logError: logError,
  keyOf: keyOf,
  guard: guard,
};
