/**
 * A tiny Hono app that stands in for the mock: it names the operation of each request, runs the
 * fault middleware, and counts what reached the handlers.
 */
import { Hono } from 'hono';
import type { Faults } from '../../src/faults/types.js';
import { isNetworkFault } from '../../src/http/network-fault.js';

type Env = { Variables: { operationId: string; faultPlan: { uploadBytesPerSecond?: number } | undefined } };

export interface TinyApp {
  app: Hono<Env>;
  handled: string[];
  uploadRates: Array<number | undefined>;
}

const operations: Array<[method: string, pattern: RegExp, operationId: string]> = [
  ['POST', /^\/api\/v1\/videos$/, 'createVideos'],
  ['GET', /^\/api\/v1\/videos\/[^/]+$/, 'getVideo'],
  ['PUT', /^\/api\/v1\/videos\/[^/]+\/custom-fields$/, 'updateCustomFields'],
  ['POST', /^\/api\/upload\/v1\/form-data\/videos\/[^/]+$/, 'uploadVideoSource'],
];

export function tinyApp(faults: Faults): TinyApp {
  const handled: string[] = [];
  const uploadRates: Array<number | undefined> = [];
  const app = new Hono<Env>();
  app.onError((error, c) => {
    if (isNetworkFault(error)) throw error;
    return c.json({ error: 'internal' }, 500);
  });
  app.use('*', async (c, next) => {
    const match = operations.find(([method, pattern]) => method === c.req.method && pattern.test(c.req.path));
    if (match) c.set('operationId', match[2]);
    await next();
  });
  app.use('*', faults.middleware);
  app.post('/api/v1/videos', (c) => {
    handled.push('createVideos');
    return c.json([{ key: 'v-1' }]);
  });
  app.get('/api/v1/videos/:key', (c) => {
    handled.push('getVideo');
    return c.json({ videoKey: c.req.param('key'), simpleCustomFields: {} });
  });
  app.put('/api/v1/videos/:key/custom-fields', (c) => {
    handled.push('updateCustomFields');
    return c.json({ videoKey: c.req.param('key'), simpleCustomFields: {} });
  });
  app.post('/api/upload/v1/form-data/videos/:key', async (c) => {
    handled.push('uploadVideoSource');
    uploadRates.push(faults.uploadReadRate('uploadVideoSource', c.get('faultPlan')));
    await c.req.arrayBuffer();
    return c.body(null, 204);
  });
  app.get('/__mock/ping', (c) => {
    handled.push('admin');
    return c.json({ ok: true });
  });
  return { app, handled, uploadRates };
}
