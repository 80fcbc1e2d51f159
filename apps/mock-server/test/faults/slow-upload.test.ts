import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type Listening, serveApp } from '@video-api/test-support';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { createFaults } from '../../src/faults/create-faults.js';
import { throttle } from '../../src/node/uploads/throttle.js';

type Env = {
  Bindings: { incoming: IncomingMessage };
  Variables: { operationId: string; faultPlan: { uploadBytesPerSecond?: number } | undefined };
};
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let server: Listening | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('slow reading of an upload body over a real socket', () => {
  it('reads every byte through throttle() in slices of a tenth of the rule rate', async () => {
    const faults = createFaults();
    faults.add({ route: 'uploadVideoSource', uploadBytesPerSecond: 100_000, times: 1 });
    const seen: { slices: number[]; digest?: string; rate?: number } = { slices: [] };
    const app = new Hono<Env>();
    app.use('*', async (c, next) => {
      c.set('operationId', 'uploadVideoSource');
      await next();
    });
    app.use('*', faults.middleware);
    app.post('/upload', async (c) => {
      const rate = faults.uploadReadRate(c.get('operationId'), c.get('faultPlan'));
      seen.rate = rate;
      const body = rate === undefined ? c.env.incoming : throttle(c.env.incoming, rate);
      const chunks: Buffer[] = [];
      for await (const chunk of body) {
        chunks.push(chunk as Buffer);
        seen.slices.push((chunk as Buffer).length);
      }
      seen.digest = sha256(Buffer.concat(chunks));
      return c.json({ bytes: Buffer.concat(chunks).length });
    });
    server = await serveApp(app);
    const payload = randomBytes(50_000);
    const response = await fetch(`${server.url}/upload`, { method: 'POST', body: payload });
    expect(await response.json()).toEqual({ bytes: 50_000 });
    expect(seen.rate).toBe(100_000);
    expect(seen.digest).toBe(sha256(payload));
    expect(Math.max(...seen.slices)).toBeLessThanOrEqual(10_000);
    expect(seen.slices.length).toBeGreaterThanOrEqual(5);
    expect(faults.list()).toEqual([]);
  });
});
