/**
 * Serves an in-process app (the mock) over real HTTP on 127.0.0.1 and an ephemeral port, for tests
 * where a socket matters (uploads, progress, aborts). The raw Node request is passed on as
 * `env.incoming`, as @hono/node-server does, so the mock streams uploads from the socket.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { type RawServer, rawServer } from './raw-server.js';

// biome-ignore lint/suspicious/noExplicitAny: any app with a fetch(request, env) method
type FetchApp = { fetch: (request: Request, env?: any) => Response | Promise<Response> };

function toRequest(incoming: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) {
    headers.append(incoming.rawHeaders[i] as string, incoming.rawHeaders[i + 1] as string);
  }
  const method = incoming.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (hasBody && method !== 'POST') {
    init.body = Readable.toWeb(incoming) as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  } else if (hasBody) {
    // Uploads are read from env.incoming; other POST bodies are passed as a stream too, lazily.
    init.body = new ReadableStream({
      start(controller) {
        incoming.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
        incoming.on('end', () => controller.close());
        incoming.on('error', (error) => controller.error(error));
        incoming.pause();
      },
      pull() {
        incoming.resume();
      },
    });
    init.duplex = 'half';
  }
  return new Request(new URL(incoming.url ?? '/', origin), init);
}

async function reply(response: Response, out: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = name === 'set-cookie' ? response.headers.getSetCookie() : value;
  });
  out.writeHead(response.status, response.statusText, headers);
  if (!response.body) return void out.end();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) out.write(chunk);
  out.end();
}

/** A server of the tests: its base URL and how to close it. */
export type Served = RawServer;

export function serve(app: FetchApp): Promise<Served> {
  return rawServer((incoming, out) => {
    const origin = `http://${incoming.headers.host ?? '127.0.0.1'}`;
    Promise.resolve()
      .then(() => app.fetch(toRequest(incoming, origin), { incoming }))
      .then((response) => reply(response, out))
      .catch(() => {
        if (!out.headersSent) out.writeHead(500).end();
        else out.destroy();
      });
  });
}
