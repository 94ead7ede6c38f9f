/**
 * The local EmailJS endpoint, driven by the real @emailjs/browser SDK through the form's own
 * sender (Node has fetch; the SDK only needs `location` for its rate-limit key).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildContactPayload } from '@/lib/contact/payload';
import { readEmailjsConfig } from '@/config/emailjs';
import { sendContactMessage } from '@/scripts/sendMessage';
import {
  connectEmailjs,
  EMAILJS_SEND_PATH,
  startEmailjsControl,
  startEmailjsServer,
  type EmailjsServer,
} from '../../support/emailjsServer';

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

const params = buildContactPayload(
  {
    firstName: 'Nkosazana',
    lastName: 'Dlamini',
    email: 'nkosazana@example.co.za',
    profession: 'CFO Support',
    subject: 'Quarterly close',
    message: 'Can the assistant help with our quarterly close?',
  },
  new Date('2026-11-22T05:00:00.000Z'),
);

const config = () =>
  readEmailjsConfig({
    PUBLIC_EMAILJS_SERVICE_ID: 'service_test',
    PUBLIC_EMAILJS_TEMPLATE_ID: 'template_test',
    PUBLIC_EMAILJS_PUBLIC_KEY: 'public_test',
    PUBLIC_EMAILJS_API_ORIGIN: server.origin,
  });

describe('local EmailJS endpoint with the real SDK', () => {
  it('receives exactly what the SDK sends and answers 200 "OK"', async () => {
    await expect(sendContactMessage(params, config())).resolves.toBe('sent');
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(EMAILJS_SEND_PATH);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      lib_version: expect.stringMatching(/^4\./),
      user_id: 'public_test',
      service_id: 'service_test',
      template_id: 'template_test',
      template_params: params,
    });
  });

  it.each([400, 429, 500])('a %i answer is a refusal', async (status) => {
    server.respondWith({ status });
    await expect(sendContactMessage(params, config())).resolves.toBe('refused');
    expect(server.requests).toHaveLength(1);
  });

  it('a destroyed socket is a failure without a status', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.respondWith({ destroySocket: true });
    await expect(sendContactMessage(params, config())).resolves.toBe('failed');
    expect(server.requests).toHaveLength(1);
  });

  it('holds an answer until released', async () => {
    server.respondWith({ hold: true });
    let settled = false;
    const sending = sendContactMessage(params, config()).finally(() => (settled = true));
    await server.waitForRequests(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    server.release();
    await expect(sending).resolves.toBe('sent');
  });

  it('refuses connections while stopped and serves again on the same port', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { port } = server;
    await server.stopListening();
    await expect(sendContactMessage(params, config())).resolves.toBe('failed');
    await server.startListening();
    expect(server.port).toBe(port);
    await expect(sendContactMessage(params, config())).resolves.toBe('sent');
    expect(server.requests).toHaveLength(1);
  });

  it('with localStorage, the real SDK holds back a second message within 10 s', async () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    });
    try {
      await expect(sendContactMessage(params, config())).resolves.toBe('sent');
      await expect(sendContactMessage(params, config())).resolves.toBe('refused');
      expect(server.requests).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
      vi.stubGlobal('location', { pathname: '/contact' });
    }
  });

  it('answers a CORS preflight with the headers a browser needs', async () => {
    const response = await fetch(`${server.origin}${EMAILJS_SEND_PATH}`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:1234',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:1234');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(server.preflightCount).toBe(1);
    expect(server.requests).toHaveLength(0);
  });
});

describe('the endpoint driven from another process, through its control server', () => {
  it('scripts answers, holds and releases, refuses connections and reports what it received', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const control = await startEmailjsControl(server);
    try {
      const remote = connectEmailjs(server.origin, control.url);
      await remote.respondWith({ status: 429 });
      await expect(sendContactMessage(params, config())).resolves.toBe('refused');
      const [refused] = await remote.requests();
      expect(refused.body?.template_params).toEqual(params);
      expect(refused.receivedAt).toBeInstanceOf(Date);

      await remote.reset();
      expect(await remote.requests()).toEqual([]);
      await remote.respondWith({ hold: true });
      let settled = false;
      const sending = sendContactMessage(params, config()).finally(() => (settled = true));
      expect(await remote.waitForRequests(1)).toHaveLength(1);
      expect(settled).toBe(false);
      await remote.release();
      await expect(sending).resolves.toBe('sent');

      await remote.reset();
      await remote.stopListening();
      await expect(sendContactMessage(params, config())).resolves.toBe('failed');
      await remote.startListening();
      await expect(sendContactMessage(params, config())).resolves.toBe('sent');
      expect(await remote.requests()).toHaveLength(1);
      await expect(remote.waitForRequests(2, 200)).rejects.toThrow('Expected 2 EmailJS requests');
    } finally {
      await control.close();
    }
  });
});
