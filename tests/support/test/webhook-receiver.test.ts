import { describe, expect, it } from 'vitest';
import { deliveryHeader, startWebhookReceiver } from '../src/index.js';

const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(2000) }).then(
    (response) => response.status,
    () => 'no answer',
  );

describe('startWebhookReceiver', () => {
  it('records each delivery: path, headers, raw body and parsed JSON', async () => {
    const receiver = await startWebhookReceiver();
    try {
      expect(receiver.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks$/);
      expect(await post(receiver.url, '{"type":"video.ready"}', { 'webhook-id': 'e1' })).toBe(204);
      const [delivery] = await receiver.waitFor(1);
      expect(delivery).toMatchObject({ method: 'POST', path: '/hooks', body: '{"type":"video.ready"}' });
      expect(delivery?.json).toEqual({ type: 'video.ready' });
      expect(delivery?.bytes.equals(Buffer.from(delivery.body))).toBe(true);
      expect(deliveryHeader(delivery as NonNullable<typeof delivery>, 'Webhook-Id')).toBe('e1');
    } finally {
      await receiver.close();
    }
  });

  it('answers with the chosen statuses in turn, the last one from then on', async () => {
    const receiver = await startWebhookReceiver({ statuses: [500, 503, 200], path: '/hook' });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push(await post(receiver.url, '{}'));
      expect(statuses).toEqual([500, 503, 200, 200]);
      expect(receiver.url.endsWith('/hook')).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('leaves a delivery unanswered under hang, and still records it', async () => {
    const receiver = await startWebhookReceiver({ statuses: ['hang'] });
    try {
      expect(await post(receiver.url, '')).toBe('no answer');
      expect(receiver.deliveries.map((d) => d.json)).toEqual([{}]);
    } finally {
      await receiver.close();
    }
  });

  it('says how many arrived when waitFor times out, and names a body that is not JSON', async () => {
    const receiver = await startWebhookReceiver();
    try {
      await post(receiver.url, 'not json');
      await expect(receiver.waitFor(2, 50)).rejects.toThrow('1 of 2 deliveries arrived within 50 ms');
      expect(await receiver.until((list) => list.length === 1, 50)).toBe(true);
      expect(() => receiver.deliveries[0]?.json).toThrow(/^delivery 0 is not JSON \(.*\): not json$/);
    } finally {
      await receiver.close();
    }
  });
});
