import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '@video-api/mock-server/node';
import { type Listening, rawRequest, serveApp } from '@video-api/test-support';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nastyStrings, validFieldValue } from '../src/fuzz/values.js';
import { JSON_AUTH, paths, TOKEN } from '../src/support/http.js';

// Titles (§4.1) and custom field names and values (§4.4) that carry markup, CR/LF, NUL, lone
// surrogates or prototype names come back exactly as sent, through both stores, and never end up
// in a response header.
const dataDir = mkdtempSync(join(tmpdir(), 'reliability-echo-'));
const stores = [
  ['in memory', createApp()],
  ['in a data dir', createApp({ dataDir })],
] as const;
const servers: Listening[] = [];
beforeAll(async () => {
  for (const [, app] of stores) servers.push(await serveApp(app));
});
afterAll(async () => {
  for (const server of servers) await server.close();
  for (const [, app] of stores) await app.mock.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const hostile = fc.oneof(fc.constantFrom(...nastyStrings), fc.string({ unit: 'binary', maxLength: 30 }));
// A field named "__proto__" is not among the names: the generated zod record drops it and the PUT
// still answers 200 (reported to the mock's owner; see README "Findings").
const fieldName = hostile.filter((name) => name !== '__proto__');

function noInjectedHeader(response: Response): void {
  expect(response.headers.has('x-injected')).toBe(false);
  for (const [, value] of response.headers) expect(value).not.toMatch(/[\r\n\0]/);
}

describe.each(stores.map(([name], i) => [name, i] as const))('a mock with its state %s', (_name, index) => {
  const base = () => servers[index]?.url ?? '';

  it('returns every title and tag exactly as sent', async () => {
    await fc.assert(
      fc.asyncProperty(hostile, fc.array(hostile, { maxLength: 3 }), async (title, tags) => {
        const created = await fetch(`${base()}${paths.create}`, {
          method: 'POST',
          headers: JSON_AUTH,
          body: JSON.stringify({ projectKey: title, videos: [{ title, tags }] }),
        });
        noInjectedHeader(created);
        const [video] = (await created.json()) as { key: string; title: string }[];
        expect(video?.title).toBe(title);
        const got = await fetch(`${base()}${paths.get(video?.key ?? '')}`, { headers: JSON_AUTH });
        noInjectedHeader(got);
        const record = (await got.json()) as { title?: string; tags?: string[]; projectKey?: string };
        expect([record.title, record.tags, record.projectKey]).toEqual([title, tags, title]);
      }),
      { seed: 21, numRuns: 60 },
    );
  });

  it('returns every custom field name and value exactly as sent', async () => {
    const created = await fetch(`${base()}${paths.create}`, {
      method: 'POST',
      headers: JSON_AUTH,
      body: JSON.stringify({ projectKey: 'p', videos: [{ title: 'fields' }] }),
    });
    const [{ key }] = (await created.json()) as [{ key: string }];
    await fc.assert(
      fc.asyncProperty(fieldName, fc.oneof(hostile, validFieldValue), async (name, value) => {
        const put = await fetch(`${base()}${paths.fields(key)}`, {
          method: 'PUT',
          headers: JSON_AUTH,
          body: JSON.stringify({ simpleCustomFields: { [name]: value } }),
        });
        noInjectedHeader(put);
        const written = (await put.json()) as { simpleCustomFields: Record<string, unknown> };
        expect(Object.getOwnPropertyDescriptor(written.simpleCustomFields, name)?.value).toEqual(value);
        const got = await fetch(`${base()}${paths.get(key)}`, { headers: JSON_AUTH });
        const read = (await got.json()) as { simpleCustomFields: Record<string, unknown> };
        expect(Object.getOwnPropertyDescriptor(read.simpleCustomFields, name)?.value).toEqual(value);
      }),
      { seed: 22, numRuns: 60 },
    );
  });

  it('keeps CR/LF from a title, a field and an upload file name out of the raw response head', async () => {
    const evil = 'x\r\nX-Injected: 1\r\n\r\n<script>alert(1)</script>';
    const created = await fetch(`${base()}${paths.create}`, {
      method: 'POST',
      headers: JSON_AUTH,
      body: JSON.stringify({ projectKey: evil, videos: [{ title: evil }] }),
    });
    const [{ key }] = (await created.json()) as [{ key: string }];
    await fetch(`${base()}${paths.fields(key)}`, {
      method: 'PUT',
      headers: JSON_AUTH,
      body: JSON.stringify({ simpleCustomFields: { [evil]: evil } }),
    }).then((r) => r.text());
    const form = Buffer.from(
      `--b\r\nContent-Disposition: form-data; name="file"; filename="${evil.replace(/"/g, '')}"\r\nContent-Type: ${evil}\r\n\r\nbytes\r\n--b--\r\n`,
    );
    const port = servers[index]?.port ?? 0;
    const upload = await rawRequest(port, [
      `POST ${paths.upload(key)} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n` +
        `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${form.length}\r\n\r\n`,
      form,
    ]);
    expect(upload.status).toBeLessThan(500);
    const got = await rawRequest(port, [
      `GET ${paths.get(key)} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n\r\n`,
    ]);
    expect(got.status).toBe(200);
    const headLines = got.text.slice(0, got.text.indexOf('\r\n\r\n')).split('\r\n');
    expect(headLines.some((line) => /^x-injected/i.test(line))).toBe(false);
    expect(JSON.parse(got.body)).toMatchObject({ title: evil, simpleCustomFields: { [evil]: evil } });
  });
});
