/** A webhook receiver on 127.0.0.1 and a free port: records every delivery, answers with chosen statuses. */
import type { IncomingHttpHeaders } from 'node:http';
import { listenHttp } from './listen-http.js';

export interface Delivery {
  method: string;
  /** The request target, e.g. `/hooks`. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The body as received. */
  bytes: Buffer;
  /** The body as UTF-8 text: what a signature is computed over. */
  body: string;
  /** The body parsed as JSON (`{}` when empty); reading it throws when the body is not JSON. */
  readonly json: Record<string, unknown>;
  /** `Date.now()` when the whole body had arrived. */
  receivedAt: number;
}

export interface ReceiverOptions {
  /**
   * The status of each delivery in turn; the last one answers every later delivery. `'hang'`
   * leaves a delivery unanswered (until `close()`). Default `[204]`.
   */
  statuses?: Array<number | 'hang'>;
  /** The path of `url`. Default `/hooks`. */
  path?: string;
}

export interface WebhookReceiver {
  /** Where to send deliveries: `http://127.0.0.1:<port>/hooks`. */
  url: string;
  /** Every delivery so far, in the order their bodies arrived. */
  deliveries: Delivery[];
  /** Resolves with the deliveries once `count` have arrived; rejects after `timeoutMs` (default 10 000). */
  waitFor(count: number, timeoutMs?: number): Promise<Delivery[]>;
  /** Resolves true once `predicate` holds for the deliveries, false after `timeoutMs`. */
  until(predicate: (deliveries: Delivery[]) => boolean, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The value of header `name` of a delivery (repeated headers joined by `, `), or undefined.
 *
 * @example
 * deliveryHeader(receiver.deliveries[0], 'Webhook-Signature'); // 't=1795000000,v1=…'
 */
export function deliveryHeader(delivery: Delivery, name: string): string | undefined {
  const value = delivery.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

function parsedOnce(body: string, n: number): () => Record<string, unknown> {
  let parsed: Record<string, unknown> | undefined;
  return () => {
    if (parsed === undefined) {
      try {
        parsed = body === '' ? {} : (JSON.parse(body) as Record<string, unknown>);
      } catch (error) {
        throw new Error(`delivery ${n} is not JSON (${(error as Error).message}): ${body.slice(0, 200)}`);
      }
    }
    return parsed;
  };
}

/**
 * Starts a receiver.
 *
 * @example
 * const receiver = await startWebhookReceiver({ statuses: [500, 204] }); // fails the first, then accepts
 * app.mock.webhooks.register({ url: receiver.url, secret: 's' });
 * const [first, retried] = await receiver.waitFor(2);
 * await receiver.close();
 */
export async function startWebhookReceiver(options: ReceiverOptions = {}): Promise<WebhookReceiver> {
  const statuses = options.statuses ?? [204];
  const deliveries: Delivery[] = [];
  const waiters = new Set<() => void>();
  const server = await listenHttp((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const n = deliveries.length;
      const bytes = Buffer.concat(chunks);
      const body = bytes.toString('utf8');
      const json = parsedOnce(body, n);
      deliveries.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        bytes,
        body,
        get json() {
          return json();
        },
        receivedAt: Date.now(),
      });
      for (const wake of waiters) wake();
      const status = statuses[Math.min(n, statuses.length - 1)] ?? 204;
      if (status !== 'hang') response.writeHead(status).end();
    });
  });
  const until = (predicate: (list: Delivery[]) => boolean, timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      if (predicate(deliveries)) return resolve(true);
      const done = (result: boolean) => {
        clearTimeout(timer);
        waiters.delete(check);
        resolve(result);
      };
      const check = () => predicate(deliveries) && done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      waiters.add(check);
    });
  return {
    url: `${server.url}${options.path ?? '/hooks'}`,
    deliveries,
    until,
    async waitFor(count, timeoutMs = 10_000) {
      if (await until((list) => list.length >= count, timeoutMs)) return deliveries;
      throw new Error(`${deliveries.length} of ${count} deliveries arrived within ${timeoutMs} ms`);
    },
    close: () => server.close(),
  };
}
