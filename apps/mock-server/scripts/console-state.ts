/**
 * A realistic state for the console's screenshots (console-screenshots.ts): the mock started on a
 * free port, a few videos (one ready), requests of the app in the journal, a webhook target whose
 * receiver refuses (so an event is given up), a fault rule and a reading switched; and a contract
 * report that observed the spec's defaults.
 */
import { mockReadings, type UnspecifiedMarker, unspecified } from '@video-api/schema';
import { refusedUrl } from '@video-api/test-support';
import { specOperation } from '../src/http/operations.js';
import { DEFAULT_TOKEN, type RunningServer, startServer } from '../src/node/index.js';

/** The reading switched away from the spec's default, shown as such in the Unknowns panel. */
export const SWITCHED = { id: 'readiness-field', reading: 'ready-flag' } as const;

/** The mock, seeded; the key of its ready video. */
export interface SeededMock {
  server: RunningServer;
  readyKey: string;
}

/** Starts the mock and brings it to the state the screenshots show. */
export async function seededMock(): Promise<SeededMock> {
  const server = await startServer({ port: 0, realTimeClock: false, webhookRetry: { attempts: 1 } });
  try {
    return { server, readyKey: await seed(server) };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/** Seeds `server`; resolves with the key of its ready video. */
async function seed(server: RunningServer): Promise<string> {
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${DEFAULT_TOKEN}`,
        'content-type': 'application/json',
        ...init.headers,
      },
    });
  const admin = (path: string, method: string, body: unknown) =>
    call(`/__mock/${path}`, { method, body: JSON.stringify(body) });
  await admin('webhooks', 'POST', { url: `${await refusedUrl()}/hooks` });
  const [readyKey = '', later = ''] = await server.app.mock.seed([
    { title: 'Opening keynote', phase: 'ready' },
    { title: 'Product demo' },
  ]);
  await server.app.mock.makeReady(later); // its video.ready event meets the refusing receiver: given up
  const create = specOperation('createVideos');
  await call(create.specPath, {
    method: create.method,
    body: JSON.stringify({ projectKey: 'demo', videos: [{ title: 'Customer interview' }] }),
  });
  const get = specOperation('getVideo');
  for (const key of [readyKey, later, 'v-9999']) await call(get.specPath.replace('{videoKey}', key));
  const update = specOperation('updateCustomFields');
  await call(update.specPath.replace('{videoKey}', readyKey), {
    method: update.method,
    body: JSON.stringify({ simpleCustomFields: { speaker: 'Ada' } }),
  });
  await call(get.specPath.replace('{videoKey}', readyKey), { headers: { authorization: 'Bearer wrong' } });
  await admin('faults', 'POST', { route: 'getVideo', latencyMs: 200, errorRate: 0.1, errorStatus: 503 });
  await admin('readings', 'PATCH', { [SWITCHED.id]: SWITCHED.reading });
  await server.app.mock.uploadsSettled();
  return readyKey;
}

/** A contract report as a run against the mock's defaults writes it: each unknown observed at its default. */
export function defaultsReport(): object {
  const defaults: Record<string, string> = mockReadings();
  return {
    checks: [],
    observations: (Object.values(unspecified) as UnspecifiedMarker[]).map(({ id }) =>
      defaults[id] === undefined
        ? { id, verdict: 'not-observed', evidence: 'no reading to observe' }
        : { id, verdict: 'observed', reading: defaults[id], evidence: 'the answers of the run' },
    ),
  };
}
