/**
 * The profiles of a run and their defaults: `full` for the mock or a server on this machine,
 * `safe` for anything else (a production-like server: bounded creates, polling with backoff, and
 * no burst, huge declared upload or oversized create; see context/scope.ts).
 */
import type { ContextOptions } from '../context/context.js';
import { DEFAULT_TIMEOUT_MS } from '../support/http.js';
import type { Profile, RunOptions, Target } from '../support/types.js';

/** Whether `url` names this machine (localhost, 127.0.0.0/8, ::1). */
function isLoopback(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
}

/** The profile a run takes when none is given: `full` on loopback or in-process, `safe` otherwise. */
export function defaultProfile(target: Pick<Target, 'baseUrl' | 'inProcess'>): Profile {
  return target.inProcess || isLoopback(target.baseUrl) ? 'full' : 'safe';
}

/** Most bytes `safe` ever declares in an upload: 1 GiB. */
const SAFE_DECLARED_BYTES = 2 ** 30;

const SHARED = {
  propertyRuns: 25,
  readyTimeoutMs: 60_000,
  requestTimeoutMs: DEFAULT_TIMEOUT_MS,
  sequenceVideos: 3,
  rateLimitProbeRequests: 60,
  createLimitProbeSize: 101,
  fieldLengthProbeSize: 10_000,
  declaredUploadBytes: 2 ** 40,
  maxWaitMs: 120_000,
  heartbeatMs: 10_000,
  only: [] as string[],
  skip: [] as string[],
};

const PROFILES = {
  full: { pollIntervalMs: 100, maxPollIntervalMs: 100, maxVideos: Number.POSITIVE_INFINITY },
  safe: { pollIntervalMs: 500, maxPollIntervalMs: 5000, maxVideos: 10 },
} satisfies Record<Profile, Partial<RunOptions>>;

/** The options of a run: the given ones over the defaults of its profile. */
export function resolveOptions(target: Target, options: RunOptions, seed: number): ContextOptions {
  const profile = options.profile ?? defaultProfile(target);
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const resolved = { ...SHARED, ...PROFILES[profile], ...given, profile, seed } as ContextOptions;
  if (options.maxPollIntervalMs === undefined && profile === 'full') {
    resolved.maxPollIntervalMs = resolved.pollIntervalMs;
  }
  if (profile === 'safe' && resolved.declaredUploadBytes > SAFE_DECLARED_BYTES) {
    resolved.declaredUploadBytes = SAFE_DECLARED_BYTES; // the probe is skipped in safe anyway
  }
  return resolved;
}
