// PocketBase's own rate limiter, per IP address, for everyone but superusers (who are never
// limited): upstream's suggested rules (logins, creates, batches, and 300 requests in 10 s for
// the rest), which the site's production build, an anonymous client, stays under: it reads whole
// posts 64 a page (LIMITS.loaderPageBytes), so 5,000 posts are about 80 lists. Except for files:
// a cold build downloads every picture once, about 1,300 in 10 s at 1,000 posts with banners on
// 2 cores, and serving a file costs PocketBase little (a thumbnail of one too large is refused,
// pb_hooks/content/pictures.js). Measured in docs/publishing.md.
const RULES = [
  { label: '*:auth', audience: '', duration: 3, maxRequests: 2 },
  { label: '*:create', audience: '', duration: 5, maxRequests: 20 },
  { label: '/api/batch', audience: '', duration: 1, maxRequests: 3 },
  { label: '*:file', audience: '@guest', duration: 10, maxRequests: 10000 },
  { label: '/api/', audience: '', duration: 10, maxRequests: 300 },
];

migrate(
  (app) => {
    const settings = app.settings();
    settings.rateLimits.enabled = true;
    settings.rateLimits.rules = RULES;
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.rateLimits.enabled = false;
    app.save(settings);
  },
);
