// Apart from envSchema.ts, which imports astro/config: pages import this, and a page's bundle
// must not take in Astro's own build code.

/**
 * A comma-separated list of http(s) origins, each normalised (`https://Host:443/x` →
 * `https://host`); throws naming the variable and the entry that is not one.
 */
export function readOriginList(name: string, value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const url = URL.canParse(entry) ? new URL(entry) : undefined;
      if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
        throw new Error(
          `${name}: "${entry}" is not an http(s) origin such as http://intranet.example:8080 ` +
            '(list them separated by commas).',
        );
      }
      return url.origin;
    });
}
