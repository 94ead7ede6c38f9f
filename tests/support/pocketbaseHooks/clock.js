/*
 * The test clock, put in place of pocketbase/pb_hooks/rebuild/clock.js by clockedHooksDir()
 * (tests/support/pocketbase.ts). It stands still, half a minute into the minute after it was first
 * read, until test-clock.pb.js moves it on; it is kept in _params, so it survives a restart.
 */

var PARAM = 'ledgerwise.testClock';
var MINUTE_MS = 60000;

function now() {
  try {
    var saved = Number(JSON.parse(String($app.dao().findParamByKey(PARAM).value)));
    if (saved > 0) return saved;
  } catch (missing) {
    // first use
  }
  // Ahead of the real clock, so posts published now (dated by the real one) are already public.
  var start = (Math.floor(Date.now() / MINUTE_MS) + 1) * MINUTE_MS + MINUTE_MS / 2;
  $app.dao().saveParam(PARAM, start);
  return start;
}

/** Moves the clock on one minute. */
function tick() {
  $app.dao().saveParam(PARAM, now() + MINUTE_MS);
}

module.exports = { now: now, tick: tick };
