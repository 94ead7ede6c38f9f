// send and compression ship no types of their own: what the static server uses of them.
declare module 'send' {
  import type { IncomingMessage } from 'node:http';
  import type { Stream } from 'node:stream';

  interface SendOptions {
    root: string;
    dotfiles?: 'allow' | 'deny' | 'ignore';
    index?: false | string[];
  }
  export default function send(req: IncomingMessage, path: string, options?: SendOptions): Stream;
}

declare module 'compression' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  export default function compression(options?: { threshold?: number | string }): Middleware;
}
