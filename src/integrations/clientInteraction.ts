/**
 * Adds the `client:interaction` directive (see interactionDirective.ts): an island that hydrates
 * on the first pointerdown, touchstart, focus or keydown inside it, and replays the clicks that
 * arrived while it was loading.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export default function clientInteraction(): AstroIntegration {
  return {
    name: 'ledgerwise-client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('./interactionDirective.ts', import.meta.url)),
        });
      },
    },
  };
}
