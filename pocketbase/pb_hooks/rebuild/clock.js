/*
 * Site webhooks, the clock: now, in ms. One seam, so a test harness can put its own clock in a
 * copy of this folder; production reads the real one.
 */

module.exports = {
  now: function () {
    return Date.now();
  },
};
