/**
 * What a load balancer or an orchestrator asks of a mock served as a service: `GET /healthz` (the
 * process is alive and answers: always 200) and `GET /readyz` (it can serve now: its state is taken
 * up and its store answers, a database reachable with its migrations applied: 200, else 503 with
 * Retry-After). Answered before the access guard (a load balancer's check names no allowed host),
 * never journalled, the same on every instance; they tell nothing of the state.
 */

/** The paths, at the mock's root. */
const HEALTH_PATH = '/healthz';
const READY_PATH = '/readyz';

/** What `/readyz` asks: whether the state was taken up, and what its store says now. */
export interface Readiness {
  started(): boolean;
  /** Whether the server stops (SIGTERM): not ready, whatever the store says. */
  draining?(): boolean;
  health(): Promise<{ ready: boolean; detail: string }>;
}

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });

/**
 * The answer to a health request (GET or HEAD of one of the two paths), or undefined for any other.
 *
 * @example
 * const answer = healthAnswer(request, readiness);
 * if (answer) return answer;
 */
export function healthAnswer(request: Request, readiness: Readiness): Promise<Response> | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const path = pathOf(request.url);
  if (path === HEALTH_PATH) return Promise.resolve(json({ status: 'alive' }, 200));
  if (path !== READY_PATH) return undefined;
  return ready(readiness);
}

async function ready(readiness: Readiness): Promise<Response> {
  if (readiness.draining?.()) {
    return json(
      { status: 'draining', detail: 'the server is stopping; its requests in flight finish' },
      503,
      {
        'retry-after': '1',
      },
    );
  }
  if (!readiness.started()) {
    return json({ status: 'starting', detail: 'the state is not taken up from its store yet' }, 503, {
      'retry-after': '1',
    });
  }
  const health = await readiness.health();
  return health.ready
    ? json({ status: 'ready', store: health.detail }, 200)
    : json({ status: 'not-ready', store: health.detail }, 503, { 'retry-after': '1' });
}

/** The path of a request URL, without parsing more than needed. */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const end = url.indexOf('?', start);
  return end < 0 ? url.slice(start) : url.slice(start, end);
}
