/*
 * Test plumbing, copied into a temporary hooks folder by clockedHooksDir() only (where the cron
 * wiring is left out): POST /api/ledgerwise/test-clock/advance/{minutes} (superusers only) runs
 * the minute job `minutes` times, the clock one minute on before each, so a day of retry back-off
 * runs in seconds against the real server, always the same way.
 */

routerAdd(
  'POST',
  '/api/ledgerwise/test-clock/advance/{minutes}',
  function (e) {
    var minutes = parseInt(e.request.pathValue('minutes'), 10);
    if (!(minutes >= 1 && minutes <= 10000)) return e.json(400, { error: 'minutes: 1 to 10000' });
    var clock = require(__hooks + '/rebuild/clock.js');
    for (var i = 0; i < minutes; i += 1) {
      clock.tick();
      require(__hooks + '/rebuild/schedule.js').minuteTick();
    }
    return e.json(200, { now: new Date(clock.now()).toISOString() });
  },
  $apis.requireSuperuserAuth(),
);
