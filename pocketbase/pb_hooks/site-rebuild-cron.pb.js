/*
 * Every minute (cron's finest step), the minute job (rebuild/schedule.js): one rebuild for the
 * scheduled posts that came due, then the changes held back by the rate limit, then failed POSTs
 * whose back-off has passed. A file of its own, so a harness can run the job on a clock of its own
 * instead.
 */

cronAdd('ledgerwiseSiteRebuild', '* * * * *', function () {
  require(__hooks + '/rebuild/schedule.js').minuteTick();
});
