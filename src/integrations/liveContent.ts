/**
 * Live content in `astro dev`: `tools/local/dev.ts` points the local PocketBase's hook at
 * POST /__ledgerwise/content-changed with a secret new each run; each call reloads the content
 * layer, so an edit in the admin UI shows on the next page load. Only loopback clients with the
 * secret are heard, and without one there is no endpoint; builds never run astro:server:setup.
 */
import type { ServerResponse } from 'node:http';
import type { AstroIntegration } from 'astro';
import { requestHasSecret } from './bearerSecret.ts';

export const CONTENT_CHANGED_PATH = '/__ledgerwise/content-changed';
export const SECRET_VARIABLE = 'DEV_CONTENT_REFRESH_SECRET';

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

function refuse(res: ServerResponse, status: number, error: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ error }));
}

/**
 * `secret`: the endpoint's, DEV_CONTENT_REFRESH_SECRET as astro.config.ts passes it; unset, there
 * is no endpoint.
 */
export default function liveContent({ secret }: { secret: string | undefined }): AstroIntegration {
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
