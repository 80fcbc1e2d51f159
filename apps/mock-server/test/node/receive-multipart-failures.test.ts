/**
 * The busboy receiver tells where an upload failed, at the source of the error: the sink's own
 * write (a full disk: `sink-failed`, with the error) or the request stream closing before its
 * end (the client went away: `client-gone`), never both as one "aborted".
 */
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { DiskFile } from '../../src/node/uploads/disk-sink.js';
import { receiveFile } from '../../src/node/uploads/receive-multipart.js';
import type { SourceSink } from '../../src/state/source-sink.js';

const BOUNDARY = 'b0undary';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const HEAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
const TAIL = `\r\n--${BOUNDARY}--\r\n`;

/** A disk-like sink whose writable fails with `code` after `okBytes` bytes (or never). */
function sink(code: string | undefined, okBytes = 0) {
  const state = { aborted: 0, committed: 0 };
  const value: SourceSink = {
    maxFileBytes: undefined,
    begin() {
      let seen = 0;
      const writable = new Writable({
        write(chunk: Buffer, _encoding, done) {
          seen += chunk.length;
          if (code !== undefined && seen > okBytes) {
            done(Object.assign(new Error(`${code}: failed, write`), { code, path: '/data/tmp/x.part' }));
          } else done();
        },
      });
      const file: DiskFile = {
        writable,
        write: () => undefined,
        commit: () => {
          state.committed += 1;
          return '/data/uploads/x';
        },
        abort: () => {
          state.aborted += 1;
          writable.destroy();
        },
      };
      return file;
    },
    dispose() {},
  };
  return { value, state };
}

describe('the busboy receiver', () => {
  it.each(['ENOSPC', 'EDQUOT', 'EIO'])('says the sink failed (%s) and drops the file', async (code) => {
    const source = new PassThrough();
    const { value, state } = sink(code, 1024);
    const received = receiveFile({ source, contentType: CONTENT_TYPE, sink: value, limit: undefined });
    source.write(HEAD);
    source.write(Buffer.alloc(64 * 1024, 1));
    source.end(TAIL);
    const result = await received;
    expect(result.kind).toBe('sink-failed');
    expect(result.kind === 'sink-failed' && (result.error as { code?: string }).code).toBe(code);
    expect(state).toEqual({ aborted: 1, committed: 0 });
  });

  it('says the client went away when the request closes before its end', async () => {
    const source = new PassThrough();
    const { value, state } = sink(undefined);
    const received = receiveFile({ source, contentType: CONTENT_TYPE, sink: value, limit: undefined });
    source.write(HEAD);
    source.write(Buffer.alloc(1024, 1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    source.destroy();
    expect((await received).kind).toBe('client-gone');
    expect(state.aborted).toBe(1);
  });

  it('still receives a whole file into a sink that works', async () => {
    const source = new PassThrough();
    const { value } = sink(undefined);
    const received = receiveFile({ source, contentType: CONTENT_TYPE, sink: value, limit: undefined });
    source.end(`${HEAD}${'x'.repeat(5000)}${TAIL}`);
    const result = await received;
    expect(result.kind === 'file' && result.size).toBe(5000);
  });
});
