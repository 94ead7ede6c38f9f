/**
 * A PocketBase realtime client on fetch streaming: Node has no global EventSource, and
 * the SDK's realtime service posts its whole subscription list again on every subscribe() call.
 * GET /api/realtime is a server-sent event stream whose first event, PB_CONNECT, names the client;
 * POST /api/realtime sets its subscriptions; each event is named by the subscription it matched.
 */
import { Agent, fetch } from 'undici';

export interface RealtimeEvent {
  /** The subscription, options included, exactly as it was subscribed. */
  topic: string;
  data: unknown;
}

export interface RealtimeClient {
  /** Every event received so far, in order. */
  events: RealtimeEvent[];
  /** Replaces the client's subscriptions (PocketBase takes at most 1,000 a client). */
  subscribe(topics: string[]): Promise<void>;
  close(): void;
}

/** A subscription whose `query` the API rules read as `@request.query` (filter, expand, fields). */
export const realtimeTopic = (topic: string, query: Record<string, string>) =>
  `${topic}?options=${encodeURIComponent(JSON.stringify({ query }))}`;

/**
 * A realtime client, anonymous unless given a token (sent with its subscriptions), connected from
 * `localAddress` (a loopback address such as 127.0.0.2) when given: another visitor.
 */
export async function connectRealtime(
  url: string,
  token?: string,
  localAddress?: string,
): Promise<RealtimeClient> {
  const controller = new AbortController();
  // Subscribing is from the connection's address too: PocketBase refuses it from another.
  const from = localAddress ? { dispatcher: new Agent({ localAddress }) } : {};
  const response = await fetch(`${url}/api/realtime`, { signal: controller.signal, ...from });
  if (!response.ok || !response.body) throw new Error(`GET /api/realtime: ${response.status}`);
  const events: RealtimeEvent[] = [];
  const connected = Promise.withResolvers<string>();
  const read = async (body: AsyncIterable<Uint8Array>) => {
    let buffer = '';
    const decoder = new TextDecoder();
    for await (const chunk of body) {
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const field = (name: string) =>
          lines
            .filter((line) => line.startsWith(`${name}:`))
            .map((line) => line.slice(name.length + 1))
            .join('\n');
        const event = { topic: field('event'), data: JSON.parse(field('data')) };
        if (event.topic === 'PB_CONNECT') connected.resolve(event.data.clientId);
        else events.push(event);
      }
    }
    throw new Error('the realtime stream ended');
  };
  // Rejects only a client still waiting for PB_CONNECT; close() ends the stream on purpose.
  read(response.body).catch((error) => connected.reject(error));
  const clientId = await connected.promise;
  return {
    events,
    async subscribe(topics) {
      const answer = await fetch(`${url}/api/realtime`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token && { authorization: token }) },
        body: JSON.stringify({ clientId, subscriptions: topics }),
        ...from,
      });
      if (answer.status !== 204)
        throw new Error(`POST /api/realtime: ${answer.status} ${await answer.text()}`);
    },
    close: () => controller.abort(),
  };
}
