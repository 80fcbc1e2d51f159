/** A bare node:http server with a handler of the test's own, for answers the mock does not give. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RawServer {
  url: string;
  close(): Promise<void>;
}

export function rawServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<RawServer> {
  const server = createServer(handler);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** The address of a port that was just free: connecting to it is refused. */
export async function refusedUrl(): Promise<string> {
  const server = await rawServer(() => {});
  await server.close();
  return server.url;
}

/** A video record as get answers it. */
export const videoBody = (videoKey: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ videoKey, simpleCustomFields: {}, ...extra });
