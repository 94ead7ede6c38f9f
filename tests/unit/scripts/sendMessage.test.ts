/**
 * The forms' sending: first against a recording stand-in for the SDK, then with the real
 * @emailjs/browser SDK against the local EmailJS endpoint the end-to-end specs use (Node has fetch;
 * the SDK only needs `location` for its rate-limit key).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildContactPayload, CONTACT_RATE_LIMIT_ID } from '@/lib/contact/payload';
import type { EmailjsConfigResult } from '@/config/emailjs';
import { FULL_ENV, readEmailjsConfig } from '../../support/emailjsConfig';
import { getRateLimitStorage, sendContactMessage, type EmailjsSdk } from '@/scripts/sendMessage';
import { LIMITS } from '@/config/site';
import {
  EMAILJS_SEND_PATH,
  startEmailjsServer,
  type EmailjsServer,
} from '../../support/emailjsServer';

const params = buildContactPayload(
  {
    firstName: 'Zoë',
    lastName: 'Dlamini',
    email: 'zoe@example.com',
    profession: 'Auditor',
    subject: 'Hello there',
    message: 'A message of some length.',
  },
  new Date('2026-01-01T00:00:00.000Z'),
);

/** A Map-backed localStorage, as a browser has. */
const stubLocalStorage = () => {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
  return store;
};

describe('sendContactMessage', () => {
  const configured = readEmailjsConfig({
    ...FULL_ENV,
    PUBLIC_EMAILJS_API_ORIGIN: 'http://127.0.0.1:7000',
  });

  /** A stand-in for the SDK's default export that records its calls. */
  function fakeSdk(send: EmailjsSdk['send']) {
    const sdk = { init: vi.fn<EmailjsSdk['init']>(), send: vi.fn(send) };
    return { sdk, load: () => Promise.resolve(sdk as EmailjsSdk) };
  }

  afterEach(() => vi.restoreAllMocks());

  it('points the SDK at the configured origin and sends with limitRate', async () => {
    const { sdk, load } = fakeSdk(async () => ({ status: 200, text: 'OK' }));
    await expect(sendContactMessage(params, configured, load)).resolves.toBe('sent');
    expect(sdk.init).toHaveBeenCalledWith({
      publicKey: 'public-key-123',
      origin: 'http://127.0.0.1:7000',
    });
    expect(sdk.send).toHaveBeenCalledTimes(1);
    expect(sdk.send).toHaveBeenCalledWith('service_abc', 'template_xyz', params, {
      publicKey: 'public-key-123',
      limitRate: { id: CONTACT_RATE_LIMIT_ID, throttle: LIMITS.contactRateLimitMs },
      // Node has no localStorage here; the browser case is covered below and end to end.
      storageProvider: undefined,
    });
    expect(LIMITS.contactRateLimitMs).toBe(10_000);
  });

  it('passes localStorage for the rate limit, since init() drops the SDK default', async () => {
    const store = stubLocalStorage();
    try {
      const { sdk, load } = fakeSdk(async () => ({ status: 200, text: 'OK' }));
      await sendContactMessage(params, configured, load);
      const storage = sdk.send.mock.calls[0][3].storageProvider!;
      await storage.set(CONTACT_RATE_LIMIT_ID, '123');
      expect(store.get(CONTACT_RATE_LIMIT_ID)).toBe('123');
      await expect(storage.get(CONTACT_RATE_LIMIT_ID)).resolves.toBe('123');
      await storage.remove(CONTACT_RATE_LIMIT_ID);
      expect(store.has(CONTACT_RATE_LIMIT_ID)).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('still sends when storage refuses writes', async () => {
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {},
    });
    try {
      const storage = getRateLimitStorage()!;
      await expect(storage.set('k', 'v')).resolves.toBeUndefined();
      await expect(storage.get('k')).resolves.toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('reports refused when the SDK resolves with a status other than 200', async () => {
    const { load } = fakeSdk(async () => ({ status: 202, text: 'Accepted' }));
    await expect(sendContactMessage(params, configured, load)).resolves.toBe('refused');
  });

  it('reports refused when the SDK rejects with a status', async () => {
    for (const status of [400, 429, 500]) {
      const { load } = fakeSdk(() => Promise.reject({ status, text: 'no' }));
      await expect(sendContactMessage(params, configured, load)).resolves.toBe('refused');
    }
  });

  it('reports failed, and logs, when the SDK throws without a status', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { load } = fakeSdk(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(sendContactMessage(params, configured, load)).resolves.toBe('failed');
    expect(log).toHaveBeenCalled();
  });

  it('reports failed when the SDK itself cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(sendContactMessage(params, configured, load)).resolves.toBe('failed');
  });

  it('when not configured: reports refused, logs the missing names, never loads the SDK', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn(() => Promise.reject(new Error('must not load')));
    const notConfigured: EmailjsConfigResult = readEmailjsConfig({
      PUBLIC_EMAILJS_SERVICE_ID: 'service_abc',
    });
    await expect(sendContactMessage(params, notConfigured, load)).resolves.toBe('refused');
    expect(load).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining('PUBLIC_EMAILJS_TEMPLATE_ID, PUBLIC_EMAILJS_PUBLIC_KEY'),
    );
  });
});

// What the site needs of the local endpoint: that the real SDK, driven by the sender, sends what
// the template gets and that its answers mean what the forms show. The endpoint's own scripting
// (held answers, stopped listening, preflights, the control server) is proven by the contact
// specs that use it.
describe('sendContactMessage with the real SDK, against the local EmailJS endpoint', () => {
  let server: EmailjsServer;
  beforeAll(async () => {
    vi.stubGlobal('location', { pathname: '/contact' });
    server = await startEmailjsServer();
  });
  afterAll(async () => {
    await server.close();
    vi.unstubAllGlobals();
  });
  beforeEach(() => server.reset());
  afterEach(() => vi.restoreAllMocks());

  const config = () => readEmailjsConfig({ ...FULL_ENV, PUBLIC_EMAILJS_API_ORIGIN: server.origin });

  it('posts the template parameters as EmailJS receives them; 200 "OK" is sent', async () => {
    await expect(sendContactMessage(params, config())).resolves.toBe('sent');
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(EMAILJS_SEND_PATH);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      lib_version: expect.stringMatching(/^4\./),
      user_id: 'public-key-123',
      service_id: 'service_abc',
      template_id: 'template_xyz',
      template_params: params,
    });
  });

  it.each([400, 429, 500])('a %i answer is a refusal', async (status) => {
    server.respondWith({ status });
    await expect(sendContactMessage(params, config())).resolves.toBe('refused');
    expect(server.requests).toHaveLength(1);
  });

  it('a dropped connection is a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.respondWith({ destroySocket: true });
    await expect(sendContactMessage(params, config())).resolves.toBe('failed');
    expect(server.requests).toHaveLength(1);
  });

  it('with localStorage, the real SDK holds back a second message within 10 s', async () => {
    stubLocalStorage();
    try {
      await expect(sendContactMessage(params, config())).resolves.toBe('sent');
      await expect(sendContactMessage(params, config())).resolves.toBe('refused');
      expect(server.requests).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
      vi.stubGlobal('location', { pathname: '/contact' });
    }
  });
});
