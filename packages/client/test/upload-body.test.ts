import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError, type UploadProgress } from '../src/index.js';
import { escapeFilename, multipartBody, multipartChunks } from '../src/upload/multipart.js';
import { prepareSource } from '../src/upload/source.js';
import { progressReporter } from '../src/upload/upload.js';

async function bytesOf(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<Uint8Array<ArrayBuffer>> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  // a copy backed by a plain ArrayBuffer, as BodyInit wants
  return new Uint8Array(await new Blob(parts as BlobPart[]).arrayBuffer());
}

describe('multipartBody', () => {
  it('is a form with one part named file, which a standard parser reads back (§4.2)', async () => {
    const source = prepareSource(new Uint8Array([1, 2, 3, 250]), 'clip "final".mp4', 'video/mp4');
    if (!source) throw new Error('bytes are a source');
    const body = multipartBody(source);
    const bytes = await bytesOf(multipartChunks(body));
    expect(bytes.byteLength).toBe(body.length);
    const form = await new Response(bytes, { headers: { 'content-type': body.contentType } }).formData();
    const file = form.get('file') as File;
    expect(file.name).toBe('clip "final".mp4');
    expect(file.type).toBe('video/mp4');
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([1, 2, 3, 250]);
  });

  it('has an exact length and round-trips any bytes and file name', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 2048 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        async (data, name) => {
          const source = prepareSource(data, name);
          if (!source) throw new Error('bytes are a source');
          const body = multipartBody(source);
          const bytes = await bytesOf(multipartChunks(body));
          expect(bytes.byteLength).toBe(body.length);
          const form = await new Response(bytes, {
            headers: { 'content-type': body.contentType },
          }).formData();
          const file = form.get('file') as File;
          expect(new Uint8Array(await file.arrayBuffer())).toEqual(data);
        },
      ),
      { numRuns: 60, seed: 42 },
    );
  });

  it.each([
    ['a"b', 'a%22b'],
    ['line\r\nbreak', 'line%0D%0Abreak'],
    ['plain.mp4', 'plain.mp4'],
  ])('escapes the file name %j as forms do', (name, expected) => {
    expect(escapeFilename(name)).toBe(expected);
  });
});

describe('prepareSource', () => {
  it('takes name and type from a File', () => {
    const source = prepareSource(new File(['abc'], 'a.webm', { type: 'video/webm' }));
    expect(source).toMatchObject({ size: 3, name: 'a.webm', type: 'video/webm', repeatable: true });
  });

  it('reads a typed array view without the bytes around it', async () => {
    const buffer = new Uint8Array([9, 1, 2, 9]);
    const source = prepareSource(new DataView(buffer.buffer, 1, 2));
    expect(source?.size).toBe(2);
    expect([...(await bytesOf(source?.chunks() ?? []))]).toEqual([1, 2]);
  });

  it.each([
    ['more', [4, 4], 'gave more than its declared size of 6 bytes'],
    ['fewer', [4], 'ended after 4 of its declared 6 bytes'],
  ])('refuses a stream that gives %s bytes than declared', async (_, sizes, message) => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const size of sizes) controller.enqueue(new Uint8Array(size));
        controller.close();
      },
    });
    const source = prepareSource({ stream, size: 6 });
    await expect(bytesOf(source?.chunks() ?? [])).rejects.toThrow(message);
  });

  it('reads a stream only once, so it is not retried', () => {
    const source = prepareSource({ stream: new ReadableStream(), size: 0 });
    expect(source?.repeatable).toBe(false);
    source?.chunks();
    expect(() => source?.chunks()).toThrow(InputError);
  });

  it.each([[-1], [1.5], [Number.NaN]])('refuses a declared size of %d', (size) => {
    expect(() => prepareSource({ stream: new ReadableStream(), size })).toThrow(InputError);
  });
});

describe('progressReporter', () => {
  it('reports file bytes only, monotone, with the total exactly once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 300 }),
        fc.array(fc.integer({ min: 0, max: 20_000 })),
        (total, head, sends) => {
          const events: UploadProgress[] = [];
          const report = progressReporter(head, total, 1, (event) => events.push(event));
          for (const sent of [...sends, head + total, head + total + 40]) report(sent);
          const loaded = events.map((event) => event.loaded);
          expect(loaded.filter((value) => value === total)).toHaveLength(1);
          expect(loaded.at(-1)).toBe(total);
          for (let i = 1; i < loaded.length; i++) expect(loaded[i]).toBeGreaterThan(loaded[i - 1] as number);
        },
      ),
    );
  });
});
