/**
 * A fetch over node:http(s) for `--ca FILE` and `--insecure`: Node's global fetch takes no CA or
 * verification option, so these requests go through `https.request`, which does. The answer is a
 * web Response streamed from the socket; a failure rejects like fetch (`TypeError` whose cause has
 * the code, e.g. `DEPTH_ZERO_SELF_SIGNED_CERT`).
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

export interface TlsOptions {
  /** PEM text of the CA certificates to trust (beside Node's own). */
  ca?: string;
  /** Accept any certificate. */
  insecure?: boolean;
}

/** Codes of a certificate the client does not trust (what `--ca` / `--insecure` answer). */
export const UNTRUSTED_CERTIFICATE =
  /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ERR_TLS|HOSTNAME_MISMATCH|ALTNAME/;

export function tlsFetch(options: TlsOptions): (request: Request) => Promise<Response> {
  return (request) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(request.url);
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      const outgoing = send(
        url,
        {
          method: request.method,
          headers,
          signal: request.signal,
          ...(options.ca === undefined ? {} : { ca: options.ca }),
          rejectUnauthorized: !options.insecure,
        },
        (incoming) => {
          const answer = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
              answer.append(name, one);
            }
          }
          const status = incoming.statusCode ?? 502;
          const empty = status === 204 || status === 304 || request.method === 'HEAD';
          if (empty) incoming.resume();
          const body = empty ? null : (Readable.toWeb(incoming) as unknown as ReadableStream<Uint8Array>);
          resolve(new Response(body, { status, statusText: incoming.statusMessage ?? '', headers: answer }));
        },
      );
      outgoing.on('error', (error) => reject(new TypeError('fetch failed', { cause: error })));
      if (request.body) {
        Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>)
          .on('error', (error) => outgoing.destroy(error))
          .pipe(outgoing);
      } else outgoing.end();
    });
}
