/**
 * The shared-secret check of the project's loopback endpoints (the rebuild listener, the dev
 * server's content-changed endpoint): PocketBase's hook sends the secret as a bearer token.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Whether the request carries `secret` as `Authorization: Bearer <secret>`, the only place it is
 * read from: a query string lands in proxy and server logs. Spaces around either side are
 * ignored. Comparing SHA-256 digests with timingSafeEqual takes the same time whatever the
 * candidate (and whatever its length).
 */
export function requestHasSecret(req: IncomingMessage, secret: string): boolean {
  const authorization = req.headers.authorization;
  const match =
    typeof authorization === 'string' ? /^\s*Bearer\s+(.*)$/is.exec(authorization) : null;
  const candidate = match ? match[1].trim() : '';
  const expected = secret.trim();
  return candidate !== '' && timingSafeEqual(digest(candidate), digest(expected));
}
