// @ts-check
/**
 * Live content in `astro dev`: `tools/local/dev.ts` points the local PocketBase's hook at
 * POST /__ledgerwise/content-changed on the dev server, with a random secret per run
 * (DEV_CONTENT_REFRESH_SECRET). Each call reloads the content layer, so an edit in the admin UI
 * shows on the next page load without a restart. Only loopback clients with the secret are
 * heard; without the secret (plain `astro dev`) there is no endpoint. Builds never run
 * astro:server:setup, so nothing of this reaches a built site.
 */
import { requestHasSecret } from './bearerSecret.ts';

export const CONTENT_CHANGED_PATH = '/__ledgerwise/content-changed';
export const SECRET_VARIABLE = 'DEV_CONTENT_REFRESH_SECRET';

/** @param {string | undefined} address */
function isLoopback(address) {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} error
 */
function refuse(res, status, error) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ error }));
}

/**
 * @param {{ secret: string | undefined }} options The endpoint's secret: astro.config.ts passes
 *   DEV_CONTENT_REFRESH_SECRET; unset, there is no endpoint.
 * @returns {import('astro').AstroIntegration}
 */
export default function liveContent({ secret }) {
  return {
    name: 'ledgerwise-live-content',
    hooks: {
      'astro:server:setup': ({ server, refreshContent, logger }) => {
        if (!secret || !refreshContent) return;
        let running = false;
        let again = false;

        // One reload at a time; changes that arrive during one are covered by one more after it.
        const refresh = async () => {
          running = true;
          try {
            do {
              again = false;
              const started = Date.now();
              // Every collection comes from PocketBase, so all of them reload.
              await refreshContent({});
              logger.info(`content reloaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
            } while (again);
          } catch (error) {
            logger.error(
              `content reload failed: ${error instanceof Error ? error.message : error}`,
            );
          } finally {
            running = false;
          }
        };

        server.middlewares.use(CONTENT_CHANGED_PATH, (req, res) => {
          req.resume();
          if (!isLoopback(req.socket.remoteAddress)) return refuse(res, 403, 'Forbidden');
          if (req.method !== 'POST') return refuse(res, 405, 'Method not allowed');
          if (!requestHasSecret(req, secret)) return refuse(res, 401, 'Unauthorized');
          // Answered at once: PocketBase waits for this answer before it answers the editor.
          res.writeHead(202, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
          res.end(JSON.stringify({ accepted: true }));
          logger.info('PocketBase content changed: reloading the content layer');
          if (running) again = true;
          else void refresh();
        });
      },
    },
  };
}
