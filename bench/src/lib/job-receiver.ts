/**
 * The receiver of the job benchmarks (pg-job-libraries): a loopback HTTP server answering 204 to
 * every POST `/<target>` whose body is a `JobPayload`. Per target it checks the order (a sequence
 * number lower than one already received is an order violation, the same one again a duplicate)
 * and keeps, per job, the ms from its enqueue to its arrival.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What every subject's job carries: the event's number (its order) and when it was enqueued. */
export interface JobPayload {
  seq: number;
  /** Date.now() when its enqueue began. */
  at: number;
}

export interface JobReceiver {
  /** `http://127.0.0.1:<port>`; a target's URL is this plus `/<target>`. */
  url: string;
  /** Jobs received (duplicates included). */
  received(): number;
  /** Enqueue-to-arrival ms of every job received since the last `reset()`. */
  latencies: number[];
  /** Arrivals out of order (a lower seq after a higher one, per target). */
  violations(): number;
  duplicates(): number;
  /** Forgets what was received (a new run). */
  reset(): void;
  close(): Promise<void>;
}

/**
 * Starts the receiver on a free loopback port.
 *
 * @example
 * const receiver = await jobReceiver(); // POST `${receiver.url}/t0` with a JobPayload
 */
export async function jobReceiver(): Promise<JobReceiver> {
  let received = 0;
  let violations = 0;
  let duplicates = 0;
  let last = new Map<string, number>();
  const latencies: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const arrived = Date.now();
      const payload = JSON.parse(Buffer.concat(chunks).toString('utf8')) as JobPayload;
      const target = request.url ?? '/';
      const before = last.get(target) ?? -1;
      if (payload.seq < before) violations++;
      else if (payload.seq === before) duplicates++;
      else last.set(target, payload.seq);
      received++;
      latencies.push(arrived - payload.at);
      response.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received: () => received,
    latencies,
    violations: () => violations,
    duplicates: () => duplicates,
    reset() {
      received = 0;
      violations = 0;
      duplicates = 0;
      last = new Map();
      latencies.length = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * What every subject does with a job: POSTs its payload (as text) to its target's URL and
 * resolves once the receiver answered 2xx.
 *
 * @example
 * await deliver(`${receiver.url}/t0`, JSON.stringify({ seq: 0, at: Date.now() }));
 */
export async function deliver(url: string, body: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`the receiver answered ${response.status}`);
}
