import { PassThrough, Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSocketBody, SocketBodyError } from '../../src/node/server/socket-body.js';

describe('readSocketBody', () => {
  it('gives the bytes of every chunk, in order, whatever the split (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ minLength: 1, maxLength: 64 }), { maxLength: 8 }),
        async (chunks) => {
          const bytes = await readSocketBody(Readable.from(chunks.map((c) => Buffer.from(c))));
          expect(Buffer.from(bytes).equals(Buffer.concat(chunks))).toBe(true);
        },
      ),
    );
  });

  it('hands over a single chunk as it is, without a copy', async () => {
    const chunk = Buffer.from('{"a":1}');
    expect(await readSocketBody(Readable.from([chunk]))).toBe(chunk);
  });

  it('rejects when the stream fails or closes before its end, and leaves no listener behind', async () => {
    const failing = new PassThrough();
    const read = readSocketBody(failing);
    failing.write('{"projectKey":');
    failing.destroy(new Error('aborted'));
    await expect(read).rejects.toBeInstanceOf(SocketBodyError);
    expect(failing.listenerCount('data')).toBe(0);

    const closing = new PassThrough();
    const cut = readSocketBody(closing);
    closing.destroy();
    await expect(cut).rejects.toThrow(/closed before the body ended/);
  });

  it('rejects a body that was read before', async () => {
    const stream = Readable.from([Buffer.from('x')]);
    for await (const _ of stream) {
      // read it all
    }
    await expect(readSocketBody(stream)).rejects.toThrow(/read before/);
  });
});
