/*
 * The test clock, put in place of pocketbase/pb_hooks/rebuild/clock.js by clockedHooksDir()
 * (tests/support/pocketbase.ts). It stands still, half a minute into the minute after it was first
 * read, until test-clock.pb.js moves it on; it is kept in the hooks' state collection, so it
 * survives a restart.
 */

var KEY = 'ledgerwise.testClock';
var MINUTE_MS = 60000;

function now() {
  var state = require(__hooks + '/rebuild/state.js');
  var saved = Number(state.read(KEY));
  if (saved > 0) return saved;
  // Ahead of the real clock, so posts published now (dated by the real one) are already public.
  var start = (Math.floor(Date.now() / MINUTE_MS) + 1) * MINUTE_MS + MINUTE_MS / 2;
  state.write(KEY, start);
  return start;
}

/** Moves the clock on one minute. */
function tick() {
  require(__hooks + '/rebuild/state.js').write(KEY, now() + MINUTE_MS);
}

module.exports = { now: now, tick: tick };
