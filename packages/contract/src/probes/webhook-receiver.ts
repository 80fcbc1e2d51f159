/** A local HTTP receiver for webhook deliveries (127.0.0.1, ephemeral port). */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  /** The HTTP method of the delivery (§6 does not show it: `webhook-method`). */
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: unknown;
  receivedAt: number;
}

export interface Receiver {
  url: string;
  deliveries: Delivery[];
  /** Resolves when `predicate` holds for the deliveries so far, or after `timeoutMs`. */
  until(predicate: (deliveries: Delivery[]) => boolean, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const deliveries: Delivery[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      deliveries.push({ method: req.method ?? '', headers: req.headers, body, json, receivedAt: Date.now() });
      res.writeHead(204).end();
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    deliveries,
    until(predicate, timeoutMs) {
      if (predicate(deliveries)) return Promise.resolve(true);
      return new Promise((resolve) => {
        const done = (result: boolean) => {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(result);
        };
        const check = () => predicate(deliveries) && done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        waiters.add(check);
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
