/** The webhooks and faults modules, wired into createApp. */

import { startWebhookReceiver } from '@video-api/test-support';
import { describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../src/webhooks/signing.js';
import { api } from './support/api.js';

describe('webhooks wired into the app', () => {
  it('delivers every state change to a receiver given as an option, signed with its secret', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { app, keys, upload } = api({ webhooks: [receiver.url], webhookSecret: 'option-secret' });
      const [key = ''] = await keys();
      await upload(key);
      await app.mock.advanceClock(2000);
      await app.mock.webhooks.idle();
      expect(receiver.deliveries.map((r) => r.headers['webhook-event'])).toEqual([
        'video.created',
        'video.processing',
        'video.ready',
      ]);
      for (const delivery of receiver.deliveries) {
        expect(
          await verifyWebhookSignature({
            signing: 'hmac-sha256-timestamped',
            secret: 'option-secret',
            body: delivery.body,
            header: delivery.headers['webhook-signature'] as string,
          }),
        ).toBe(true);
      }
    } finally {
      await receiver.close();
    }
  });
});

describe('faults wired into the app', () => {
  it('injects an error status on one operation, per its operationId, and the journal records it', async () => {
    const { app, keys, get } = api();
    const [key = ''] = await keys();
    app.mock.faults.add({ route: 'getVideo', errorRate: 1, errorStatus: 503, times: 1 });
    expect((await get(key)).status).toBe(503);
    expect((await get(key)).status).toBe(200);
    expect((await app.mock.journal({ operationId: 'getVideo' })).map((entry) => entry.status)).toEqual([
      503, 200,
    ]);
  });

  it('resets the connection in-process as fetch does: app.fetch rejects', async () => {
    const { app } = api();
    app.mock.faults.add({ route: 'getVideo', resetRate: 1, times: 1 });
    await expect(
      app.request('/api/v1/videos/v-0001', { headers: { authorization: 'Bearer mock-token' } }),
    ).rejects.toThrow(TypeError);
  });

  it('reads a throttled upload to the end and stores all of it', async () => {
    const { app, keys, upload } = api();
    const [key = ''] = await keys();
    app.mock.faults.add({ route: 'uploadVideoSource', uploadBytesPerSecond: 4 * 1024 * 1024 });
    const res = await upload(key, new Blob([new Uint8Array(256 * 1024)]));
    expect(res.status).toBe(200);
    expect((await app.mock.sourceOf(key))?.size).toBe(256 * 1024);
  });

  it('are never applied to the admin API, and reset clears them', async () => {
    const { app } = api();
    app.mock.faults.add({ errorRate: 1, errorStatus: 500 });
    expect((await app.request('/__mock/readings')).status).toBe(200);
    expect((await app.request('/openapi.json')).status).toBe(500);
    expect((await app.request('/__mock/reset', { method: 'POST' })).status).toBe(204);
    expect((await app.request('/openapi.json')).status).toBe(200);
  });
});
