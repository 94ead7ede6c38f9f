import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList } from 'node:net';
import { Agent, fetch } from 'undici';

/**
 * Which addresses the build may fetch a picture from: every address a host resolves to, and each
 * redirect's, must be public, so an editor's URL cannot reach the build machine, the intranet or
 * the cloud's metadata service. PocketBase's origin and CONTENT_IMAGE_ALLOWED_ORIGINS are trusted.
 * The check is made in the connection's own lookup, so the socket connects to the addresses that
 * were checked: a name that answers a public address, then 127.0.0.1, gets nowhere.
 */

/** Networks no public picture lives on. Node checks IPv4-mapped IPv6 against the IPv4 rules. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 included
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local: the cloud metadata services
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
  ['192.0.0.0', 24], // IETF protocol assignments
  ['198.18.0.0', 15], // benchmarking
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique local (AWS's metadata service is fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // the old site-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64: an IPv4 address (127.0.0.1 too) behind an IPv6 one
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** The reason given for a refused address: nothing about whether anything answers there. */
export const ADDRESS_NOT_ALLOWED =
  'address not allowed (a local or private network: a picture must come from PocketBase or a ' +
  'public website, or from a host listed in CONTENT_IMAGE_ALLOWED_ORIGINS)';

/** Redirects followed for one picture, each checked like the first address. */
const MAX_REDIRECTS = 5;

const isPublic = ({ address, family }: LookupAddress) =>
  !NOT_PUBLIC.check(address, family === 6 ? 'ipv6' : 'ipv4');

/** The error of a refused address; its code lets the image cache tell it from a network failure. */
const notAllowed = () => Object.assign(new Error(ADDRESS_NOT_ALLOWED), { code: 'ADDRESS_NOT_ALLOWED' }); // prettier-ignore

/** True when every address `hostname` resolves to is public: the early check, before a request. */
export async function resolvesToPublicAddresses(hostname: string): Promise<boolean> {
  // An IPv6 literal comes bracketed from a URL; lookup returns a literal as it is.
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new Error(`unreachable (${code ?? 'the name does not resolve'})`);
  }
  return addresses.length > 0 && addresses.every(isPublic);
}

/**
 * The lookup of every connection to a host that is not trusted: it resolves the name once and
 * hands the socket those addresses only when all are public. (A literal address is connected to
 * without a lookup: the policy's early check has refused it already when it is not public.)
 */
function publicOnlyLookup(
  hostname: string,
  options: LookupOptions,
  callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
): void {
  dns.lookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || !addresses.every(isPublic)) return callback(notAllowed(), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}

/** The connections of the pictures from hosts that are not trusted (one pool a build). */
const PUBLIC_ONLY = new Agent({ connect: { lookup: publicOnlyLookup } });

export interface PictureAddressPolicy {
  /** Resolves when the build may fetch `url`; rejects with ADDRESS_NOT_ALLOWED otherwise. */
  check(url: URL): Promise<void>;
  /** Whether `url` is of a trusted origin, whose connections need no check. */
  trusts(url: URL): boolean;
}

/**
 * The policy of one build: `trustedOrigins` (PocketBase's URL, CONTENT_IMAGE_ALLOWED_ORIGINS)
 * are fetched wherever they run; any other http(s) host only when all its addresses are public.
 */
export function createPictureAddressPolicy(trustedOrigins: string[]): PictureAddressPolicy {
  const trusted = new Set(
    trustedOrigins.filter((origin) => URL.canParse(origin)).map((origin) => new URL(origin).origin),
  );
  return {
    async check(url) {
      if (trusted.has(url.origin)) return;
      const web = url.protocol === 'http:' || url.protocol === 'https:';
      if (!web || !(await resolvesToPublicAddresses(url.hostname))) throw notAllowed();
    },
    trusts: (url) => trusted.has(url.origin),
  };
}

/**
 * fetch, with every address on the way (the first and each redirect's) checked by `policy`
 * before it is connected to. `data:` URLs (pasted pictures) involve no network.
 */
export async function fetchCheckedPicture(
  url: string,
  policy: PictureAddressPolicy,
  signal: AbortSignal,
): Promise<Response> {
  if (/^data:/i.test(url)) return globalThis.fetch(url, { signal });
  let current = new URL(url);
  for (let redirects = 0; ; redirects += 1) {
    await policy.check(current);
    const dispatcher = policy.trusts(current) ? undefined : PUBLIC_ONLY;
    // undici's fetch, for its dispatcher: the same Response as Node's own fetch gives.
    const response = (await fetch(current, { signal, redirect: 'manual', dispatcher })) as unknown as Response; // prettier-ignore
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return response;
    await response.body?.cancel();
    if (redirects === MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
    current = new URL(location, current);
  }
}
