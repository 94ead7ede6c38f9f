// PocketBase's own rate limiter, per IP address, for everyone but superusers (who are never
// limited). Anonymous clients get limits a visitor of the API never meets and that the site's own
// production build, which reads as an anonymous client, stays well under (measured at 1,000
// posts with banners: docs/publishing.md): lists and single records, realtime, file downloads.
// The rest are upstream's suggested defaults: logins, creates and batches.
const RULES = [
  { label: '*:auth', audience: '', duration: 3, maxRequests: 2 },
  { label: '*:create', audience: '', duration: 5, maxRequests: 20 },
  { label: '/api/batch', audience: '', duration: 1, maxRequests: 3 },
  { label: '*:list', audience: '@guest', duration: 10, maxRequests: 100 },
  { label: '*:view', audience: '@guest', duration: 10, maxRequests: 300 },
  { label: '*:file', audience: '@guest', duration: 10, maxRequests: 3000 },
  { label: '/api/realtime', audience: '@guest', duration: 10, maxRequests: 20 },
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
