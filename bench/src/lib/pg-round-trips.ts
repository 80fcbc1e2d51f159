/**
 * Counts the round trips a server makes to PostgreSQL: a TCP relay between the server and the
 * database that reads the wire protocol of each connection. A statement ends with Sync (extended
 * protocol, what postgres.js sends) or is a simple Query; the server answers each with
 * ReadyForQuery. A round trip starts when the client sends a statement while none of its own is
 * awaiting an answer (statements pipelined behind one already in flight share its trip).
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

/** Counts so far, over every connection. */
export interface WireCounts {
  statements: number;
  roundTrips: number;
  /** Statements by their SQL text (whitespace folded), for saying which ones a request makes. */
  byText: Record<string, number>;
}

/**
 * Splits a byte stream into protocol messages (type byte + int32 length including itself) and calls
 * `onMessage` with each type. `untyped` messages come first without a type byte (the startup
 * message; an SSL request and its one-byte answer are not expected: the bench connects without TLS).
 */
function messageReader(untyped: number, onMessage: (type: string, body: Buffer) => void) {
  let buffered = Buffer.alloc(0);
  let startup = untyped;
  return (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      const header = startup > 0 ? 4 : 5;
      if (buffered.length < header) return;
      const length = buffered.readInt32BE(header - 4);
      const total = length + header - 4;
      if (buffered.length < total) return;
      if (startup > 0) startup--;
      else onMessage(String.fromCharCode(buffered[0] as number), buffered.subarray(5, total));
      buffered = buffered.subarray(total);
    }
  };
}

/** The relay: listening on `url` (the database's URL with the relay's port), its counts, and close. */
interface WireCounter {
  url: string;
  counts(): WireCounts;
  close(): Promise<void>;
}

/**
 * Starts a relay to the database of `databaseUrl` on a free local port.
 *
 * @example
 * const relay = await countRoundTrips(db.url); // start the server on relay.url
 * const before = relay.counts(); … ; const after = relay.counts();
 */
export async function countRoundTrips(databaseUrl: string): Promise<WireCounter> {
  const target = new URL(databaseUrl);
  const totals: WireCounts = { statements: 0, roundTrips: 0, byText: {} };
  /** Prepared statements' texts by name (Parse: name, then text; Bind: portal, then statement name). */
  const prepared = new Map<string, string>();
  const cString = (body: Buffer, from: number) => {
    const end = body.indexOf(0, from);
    return { text: body.toString('utf8', from, end), next: end + 1 };
  };
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection(Number(target.port || 5432), target.hostname);
    let awaiting = 0;
    let text = '';
    const fromClient = messageReader(1, (type, body) => {
      if (type === 'P') {
        const name = cString(body, 0);
        prepared.set(name.text, cString(body, name.next).text.replace(/\s+/g, ' ').trim());
      } else if (type === 'B') text = prepared.get(cString(body, cString(body, 0).next).text) ?? '?';
      else if (type === 'Q') text = cString(body, 0).text.replace(/\s+/g, ' ').trim();
      if (type !== 'S' && type !== 'Q') return;
      totals.byText[text] = (totals.byText[text] ?? 0) + 1;
      totals.statements++;
      if (awaiting === 0) totals.roundTrips++;
      awaiting++;
    });
    const fromServer = messageReader(0, (type) => {
      if (type === 'Z' && awaiting > 0) awaiting--;
    });
    client.on('data', (chunk: Buffer) => {
      fromClient(chunk);
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      fromServer(chunk);
      client.write(chunk);
    });
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        other.destroy();
      });
      socket.on('error', () => other.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(typeof address === 'object' && address ? address.port : 0);
  return {
    url: url.toString(),
    counts: () => ({ ...totals, byText: { ...totals.byText } }),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Statements and round trips per request: `start` a server on the relay's URL, send `request`
 * `warmup` times (connections opened, statements prepared), then `count` times one after another,
 * counting only those; the server is stopped after.
 *
 * @example
 * const get = await tripsPerRequest(db.url, (url) => startMockOnPg(url, 't'), (base) => fetch(`${base}/…`));
 */
export async function tripsPerRequest(
  databaseUrl: string,
  start: (url: string) => Promise<{ match: string; stop(): Promise<void> }>,
  request: (base: string) => Promise<Response>,
  count = 200,
  warmup = 20,
): Promise<WireCounts> {
  const relay = await countRoundTrips(databaseUrl);
  try {
    const server = await start(relay.url);
    try {
      const send = async () => {
        const response = await request(server.match);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`round-trip count: the server answered ${response.status}`);
      };
      for (let i = 0; i < warmup; i++) await send();
      const before = relay.counts();
      for (let i = 0; i < count; i++) await send();
      const after = relay.counts();
      const byText = Object.fromEntries(
        Object.entries(after.byText)
          .map(([text, n]) => [text, (n - (before.byText[text] ?? 0)) / count] as const)
          .filter(([, n]) => n > 0),
      );
      return {
        statements: (after.statements - before.statements) / count,
        roundTrips: (after.roundTrips - before.roundTrips) / count,
        byText,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await relay.close();
  }
}
