/**
 * The fault injector: rules in force, a seeded generator, and the Hono middleware that plays them
 * (latency, injected errors, 429 with Retry-After, connection resets, slow upload reading).
 */
import type { MiddlewareHandler } from 'hono';
import type { MockEnv } from '../http/context.js';
import { abortedRequest, resetConnection } from '../http/network-fault.js';
import { isAdminPath } from '../http/operations.js';
import type { Issue } from '../shared/issues.js';
import { createRandom, type Random } from '../shared/prng.js';
import { routeMatches } from './matching.js';
import {
  entryView,
  matchingEntries,
  planRequest,
  type RuleEntry,
  type SharedVerdicts,
  toEntry,
} from './plan.js';
import { validateRule, validateRules } from './rule-schema.js';
import type { FaultKind, FaultRule, Faults, FaultsOptions, SharedFaultRules } from './types.js';

/** The header that marks every injected response, so nobody mistakes it for the service's behaviour. */
export const FAULT_HEADER = 'X-Mock-Fault';

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

function faultResponse(kind: FaultKind, status: number, rule: FaultRule, headers: Record<string, string>) {
  const body = {
    fault: kind,
    status,
    message: `Injected by the mock's fault rule ${JSON.stringify(rule)}; not behaviour of the service.`,
    rule,
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', [FAULT_HEADER]: kind, ...headers },
  });
}

function invalid(issues: Issue[]): TypeError {
  const detail = issues.map((issue) => `${issue.pointer || '(rule)'} ${issue.message}`).join('; ');
  return new TypeError(`Invalid fault rule: ${detail}`);
}

/**
 * Creates a fault injector. Rules are validated (a bad rule throws a `TypeError` naming the
 * problem); the admin routes validate too and answer 400 instead.
 *
 * @example
 * const faults = createFaults({ seed: 42 });
 * faults.add({ route: 'getVideo', errorRate: 0.5, errorStatus: 503 });
 * app.use('*', routeMatcher, faults.middleware); // after c.set('operationId', …)
 */
/**
 * What the shared store says of the rules matching a request: a use taken of each with `times`,
 * a request counted in each one's rate-limit window (one round trip each kind, only for such rules).
 */
async function sharedVerdicts(
  shared: SharedFaultRules,
  matching: RuleEntry[],
  now: number,
): Promise<SharedVerdicts> {
  const counted = matching.filter((entry) => entry.rule.rateLimit !== undefined);
  const timed = matching.filter((entry) => entry.remaining !== undefined).map((entry) => entry.id);
  const [used, windows] = await Promise.all([
    timed.length > 0 ? shared.use(timed) : new Map<string, number>(),
    Promise.all(
      counted.map(async (entry) => {
        const limit = entry.rule.rateLimit as NonNullable<FaultRule['rateLimit']>;
        const window = await shared.count(`fault-rule:${entry.id}`, now, limit.windowMs);
        return window.count > limit.limit ? entry.id : undefined;
      }),
    ),
  ]);
  return { used, over: new Set(windows.filter((id) => id !== undefined)) };
}

export function createFaults(options: FaultsOptions = {}): Faults {
  const now = options.now ?? Date.now;
  const { shared } = options;
  let random: Random = createRandom(options.seed);
  let entries: RuleEntry[] = [];
  let saving: Promise<void> = Promise.resolve();
  /** Keeps the rules where every process sees them (a shared store), in the order they changed here. */
  const save = () => {
    if (!shared) return;
    const rules = entries.map((entry) => ({
      id: entry.id,
      rule: entry.rule,
      ...(entry.remaining !== undefined && { remaining: entry.remaining }),
    }));
    saving = saving.catch(() => {}).then(() => shared.save(rules));
  };
  const middleware: MiddlewareHandler<MockEnv> = async (c, next) => {
    const path = c.req.path;
    if (entries.length === 0 || isAdminPath(path)) return next();
    const operationId = c.get('operationId');
    const request = { operationId, path };
    const at = now();
    const matching = shared ? matchingEntries(entries, request) : [];
    const verdicts = shared && matching.length > 0 ? await sharedVerdicts(shared, matching, at) : undefined;
    const plan = planRequest(entries, request, random, at, verdicts);
    if (plan === undefined) return next();
    const signal = c.req.raw.signal;
    if (plan.delayMs > 0) await sleep(plan.delayMs, signal);
    if (signal?.aborted) return abortedRequest(c, signal);
    if (plan.reset) return resetConnection(c);
    if (plan.rateLimited) {
      const { retryAfterSeconds, rule } = plan.rateLimited;
      return faultResponse('rate-limit', 429, rule, { 'Retry-After': String(retryAfterSeconds) });
    }
    if (plan.error) return faultResponse('error', plan.error.status, plan.error.rule, {});
    c.set('faultPlan', plan);
    return next();
  };

  return {
    set(rules) {
      const result = validateRules(rules);
      if (!result.ok) throw invalid(result.issues);
      entries = result.value.map((rule) => toEntry(rule));
      random = createRandom(options.seed);
      save();
    },
    add(rule) {
      const result = validateRule(rule);
      if (!result.ok) throw invalid(result.issues);
      entries.push(toEntry(result.value));
      save();
    },
    clear() {
      entries = [];
      random = createRandom(options.seed);
      save();
    },
    list: () => entries.map(entryView),
    active: () => entries.length > 0,
    saved: () => saving,
    async refresh() {
      if (!shared) return;
      const stored = await shared.load();
      const before = new Set(entries.map((entry) => entry.id));
      // validated when they were set, through whichever instance
      entries = stored.map((kept) => toEntry(kept.rule as FaultRule, kept.id, kept.remaining));
      // the rules set or cleared elsewhere (none of these kept): the sequence restarts, as a set here does
      if (!entries.some((entry) => before.has(entry.id))) random = createRandom(options.seed);
    },
    middleware,
    uploadReadRate(operationId, plan) {
      if (plan !== undefined) return plan.uploadBytesPerSecond;
      const entry = entries.find(
        (e) => e.rule.uploadBytesPerSecond !== undefined && routeMatches(e.rule.route, operationId, ''),
      );
      return entry?.rule.uploadBytesPerSecond;
    },
  };
}
