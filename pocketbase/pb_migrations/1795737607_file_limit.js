// Anonymous file downloads: 5,000 in 10 s an address and collection, down from 10,000. The
// production build, an anonymous client, is the one that needs many: a cold build of 5,000 posts
// with banners (6,667 pictures) downloaded at most 2,181 of them in any 10 s (tools/bench/
// requests.ts, 2 cores; its lists: 80 in 10 s). The rest of the headroom is for a faster build
// machine, which then waits out a 429 (it honours Retry-After) rather than fails. Serving a file
// costs PocketBase little (thumbnails of oversized pictures are refused from their header,
// pocketbase/thumbnails.go), so the limit bounds one address's share, not a danger.
const FILES = { label: '*:file', audience: '@guest', duration: 10 };

const setFileLimit = (app, maxRequests) => {
  const settings = app.settings();
  // A rule an administrator removed stays removed, and a window they changed stays theirs.
  const isFiles = (rule) =>
    rule.label === FILES.label &&
    rule.audience === FILES.audience &&
    rule.duration === FILES.duration;
  if (!settings.rateLimits.rules.some(isFiles)) return;
  settings.rateLimits.rules = settings.rateLimits.rules.map((rule) => ({
    label: rule.label,
    audience: rule.audience,
    duration: rule.duration,
    maxRequests: isFiles(rule) ? maxRequests : rule.maxRequests,
  }));
  app.save(settings);
};

migrate(
  (app) => setFileLimit(app, 5000),
  (app) => setFileLimit(app, 10000),
);
