// semver ships no types of its own: what the Node check uses of it.
declare module 'semver' {
  export function satisfies(version: string, range: string): boolean;
  export function clean(version: string): string | null;
}
