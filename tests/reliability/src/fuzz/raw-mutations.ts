/**
 * Generated malformed HTTP: a valid request (create, upload or put) with one mutation of its bytes
 * (cut short, one byte changed, CR/LF inserted, a range repeated), sent raw. Whatever arrives, the
 * server must answer below 500 or close, and keep serving.
 */
import fc from 'fast-check';
import { paths, TOKEN } from '../support/http.js';

export type Mutation =
  | { kind: 'cut'; at: number }
  | { kind: 'flip'; at: number; byte: number }
  | { kind: 'crlf'; at: number }
  | { kind: 'repeat'; at: number; length: number };

export interface RawMutation {
  base: 'create' | 'upload' | 'put';
  mutation: Mutation;
}

/** The valid request each mutation starts from, for a video `key` that exists. */
export function baseRequest(base: RawMutation['base'], key: string): Buffer {
  const head = (method: string, path: string, type: string, body: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n` +
          `Content-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n`,
      ),
      body,
    ]);
  if (base === 'create') {
    const body = Buffer.from(
      JSON.stringify({ projectKey: 'raw', videos: [{ title: 'mutant', tags: ['a'] }] }),
    );
    return head('POST', paths.create, 'application/json', body);
  }
  if (base === 'put') {
    const body = Buffer.from(JSON.stringify({ simpleCustomFields: { note: 'mutant', n: 1, on: true } }));
    return head('PUT', paths.fields(key), 'application/json', body);
  }
  const body = Buffer.from(
    '--mb\r\nContent-Disposition: form-data; name="file"; filename="m.mp4"\r\nContent-Type: video/mp4\r\n\r\n' +
      `${'m'.repeat(64)}\r\n--mb--\r\n`,
  );
  return head('POST', paths.upload(key), 'multipart/form-data; boundary=mb', body);
}

/** Applies one mutation; positions are taken modulo the length. */
export function mutate(bytes: Buffer, mutation: Mutation): Buffer {
  const at = mutation.at % bytes.length;
  switch (mutation.kind) {
    case 'cut':
      return bytes.subarray(0, at);
    case 'flip': {
      const copy = Buffer.from(bytes);
      copy[at] = mutation.byte;
      return copy;
    }
    case 'crlf':
      return Buffer.concat([bytes.subarray(0, at), Buffer.from('\r\n'), bytes.subarray(at)]);
    case 'repeat':
      return Buffer.concat([bytes.subarray(0, at + mutation.length), bytes.subarray(at)]);
  }
}

/** One mutated request. */
export const rawMutation: fc.Arbitrary<RawMutation> = fc.record({
  base: fc.constantFrom<RawMutation['base']>('create', 'upload', 'put'),
  mutation: fc.oneof(
    fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
    fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
    fc.record({ kind: fc.constant('crlf' as const), at: fc.nat() }),
    fc.record({
      kind: fc.constant('repeat' as const),
      at: fc.nat(),
      length: fc.integer({ min: 1, max: 40 }),
    }),
  ),
});
