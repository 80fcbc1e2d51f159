/** A local webhook receiver on 127.0.0.1 (port 0) that records what it is sent. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  raw: string;
}

/**
 * Starts a receiver that answers 200 to everything.
 *
 * @example
 * const receiver = await startReceiver();
 * app.mock.webhooks.register({ url: receiver.url, secret: 's' });
 */
export async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body: JSON.parse(raw || '{}'), raw });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
