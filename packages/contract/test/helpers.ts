/** Runs the suite against the in-process mock with settings small enough for a test run. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runContract } from '../src/run.js';
import { inProcessTarget, type PreparedTarget } from '../src/targets.js';
import type { ContractReport, RunOptions, Target } from '../src/types.js';

export const FAST = {
  propertyRuns: 4,
  seed: 7,
  pollIntervalMs: 5,
  readyTimeoutMs: 10_000,
  sequenceVideos: 2,
};

export function prepareMock(
  readings: Record<string, string> = {},
  wrapFetch?: (fetch: Target['fetch']) => Target['fetch'],
): Promise<PreparedTarget> {
  return inProcessTarget({
    projectKey: 'contract-test',
    readings,
    processingMs: 40,
    mockOptions: { rateLimit: { requests: 50, windowMs: 1000 } },
    ...(wrapFetch ? { wrapFetch } : {}),
  });
}

export async function runAgainstMock(
  readings: Record<string, string> = {},
  wrapFetch?: (fetch: Target['fetch']) => Target['fetch'],
  options: RunOptions & { target?: Partial<Target> } = {},
): Promise<ContractReport> {
  const prepared = await prepareMock(readings, wrapFetch);
  const { target, ...runOptions } = options;
  try {
    return await runContract({ ...prepared.target, ...target }, {
      ...FAST,
      ...(prepared.registerWebhook ? { registerWebhook: prepared.registerWebhook } : {}),
      ...runOptions,
    } as RunOptions);
  } finally {
    await prepared.close();
  }
}

export const failures = (report: ContractReport) =>
  report.checks.filter((c) => c.verdict === 'fail').map((c) => `§${c.section} ${c.name}: ${c.detail}`);

export const skipped = (report: ContractReport) => report.checks.filter((c) => c.verdict === 'skipped');

/** What a served request gets instead of its answer: `hang` never answers, `die` closes the server. */
export type Fault = 'hang' | 'die' | undefined;

export interface Served {
  baseUrl: string;
  /** Requests received so far. */
  count(): number;
  close(): Promise<void>;
}

/** Serves `fetch` (e.g. the in-process mock) over real HTTP on 127.0.0.1, with faults on demand. */
export async function serve(
  fetch: Target['fetch'],
  fault: (request: IncomingMessage, n: number) => Fault = () => undefined,
): Promise<Served> {
  let n = 0;
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    n += 1;
    const chosen = fault(req, n);
    if (chosen === 'hang') return;
    if (chosen === 'die') {
      server.close();
      server.closeAllConnections();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const url = `http://${req.headers.host}${req.url}`;
    const response = await fetch(
      new Request(url, { method: req.method ?? 'GET', headers, ...(body ? { body } : {}) }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    count: () => n,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        if (!server.listening) resolve();
      }),
  };
}

/** An address where nothing listens (a port opened and closed again). */
export async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/**
 * The in-process mock served over real HTTP with `fault`; both are closed by the functions pushed
 * to `cleanups` (run them after each test).
 */
export async function serveMock(
  fault: Parameters<typeof serve>[1],
  cleanups: Array<() => Promise<void>>,
): Promise<Served> {
  const prepared = await prepareMock();
  const server = await serve(prepared.target.fetch, fault);
  cleanups.push(
    () => server.close(),
    () => prepared.close(),
  );
  return server;
}
