import { describe, expect, it } from 'vitest';
import type { VideoEvent } from '../../src/state/events.js';
import { api } from '../support/api.js';

describe('lifecycle on the virtual clock (§3)', () => {
  it('processes an upload and is ready after processingMs, emitting one event per state change', async () => {
    const { app, keys, upload, get } = api({ processingMs: 500, readings: { 'video-states': 'detailed' } });
    const events: VideoEvent[] = [];
    app.mock.onEvent((event) => events.push(event));
    const [key = ''] = await keys();
    await upload(key);
    await app.mock.advanceClock(249);
    expect(await (await get(key)).json()).toMatchObject({ status: 'uploaded' });
    await app.mock.advanceClock(1);
    expect(await (await get(key)).json()).toMatchObject({ status: 'processing' });
    await app.mock.advanceClock(250);
    expect(await (await get(key)).json()).toMatchObject({ status: 'ready' });
    expect(events.map((event) => [event.previousState, event.state])).toEqual([
      [null, 'created'],
      ['created', 'uploading'],
      ['uploading', 'uploaded'],
      ['uploaded', 'processing'],
      ['processing', 'ready'],
    ]);
    expect(events.at(-1)?.video).toMatchObject({ videoKey: key, status: 'ready' });
    expect(Date.parse(events.at(-1)?.occurredAt ?? '')).toBe(await app.mock.now());
  });

  it('fails processing on demand and by a seeded failure rate', async () => {
    const { app, keys, upload, get } = api({ failureRate: 1 });
    const [a = '', b = ''] = await keys(2);
    await upload(a);
    await app.mock.advanceClock(2000);
    expect(await (await get(a)).json()).toMatchObject({ status: 'failed' });
    await app.mock.fail(b);
    expect(await (await get(b)).json()).toMatchObject({ status: 'failed' });
  });

  it('advances in real time by default', async () => {
    const { app, keys, upload, get } = api({ realTimeClock: true, processingMs: 0 });
    const [key = ''] = await keys();
    const ready = new Promise<void>((resolve) =>
      app.mock.onEvent((event) => {
        if (event.state === 'ready') resolve();
      }),
    );
    await upload(key);
    await ready;
    expect(await (await get(key)).json()).toMatchObject({ status: 'ready' });
  });
});

describe('uploads in-process (§4.2)', () => {
  it('answers 415 for a body that is not multipart, 404 for an unknown key, 400 without a file', async () => {
    const { app, keys } = api();
    const [key = ''] = await keys();
    const url = `/api/upload/v1/form-data/videos/${key}`;
    const headers = { authorization: 'Bearer mock-token' };
    const plain = await app.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'video/mp4' },
      body: 'x',
    });
    expect(plain.status).toBe(415);
    const form = new FormData();
    form.set('other', 'value');
    const missing = await app.request(url, { method: 'POST', headers, body: form });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toContain('/file');
    const unknown = await app.request('/api/upload/v1/form-data/videos/nope', {
      method: 'POST',
      headers,
      body: form,
    });
    expect(unknown.status).toBe(404);
    expect(await app.mock.sourceOf(key)).toBeUndefined();
    expect(app.mock.paths().temp).toBeTruthy();
  });
});
