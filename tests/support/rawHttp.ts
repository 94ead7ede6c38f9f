/**
 * Raw HTTP over a TCP socket, for requests no HTTP client would send (a malformed request line,
 * headers without a request line, an over-long target).
 */
import { connect } from 'node:net';

interface RawResponse {
  /** The status of the first response line, or null when the server closed without answering. */
  status: number | null;
  /** Everything the server sent before it closed the connection. */
  text: string;
}

/** Sends `payload` as is and collects the answer until the server closes (or `timeoutMs`). */
export function rawRequest(
  port: number,
  payload: string,
  timeoutMs = 10_000,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within ${timeoutMs} ms; received: ${JSON.stringify(text)}`));
    }, timeoutMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', () => {
      // A reset after the answer still counts as the end; the answer is what is checked.
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({ status: match ? Number(match[1]) : null, text });
    });
    socket.write(payload);
  });
}

/** Request lines and header blocks that have crashed or confused servers. */
export function hostileRequests(host: string): [string, string][] {
  return [
    ['a target of two slashes', `POST // HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`],
    ['a malformed escape', `POST /%zz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`],
    [
      'a malformed escape in /rebuild',
      `POST /rebuild%zz?%zz=%zz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    ],
    [
      'the absolute-form of proxies',
      `POST http://${host}/rebuild HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    ],
    ['an asterisk', `OPTIONS * HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`],
    [
      'a 100 kB request line',
      `GET /${'a'.repeat(100_000)} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    ],
    ['headers without a request line', `Host: ${host}\r\nContent-Length: 0\r\n\r\n`],
    ['a garbage line', `\u0001\u0002 nonsense\r\n\r\n`],
    ['a NUL in the target', `GET /a%00b HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`],
  ];
}
