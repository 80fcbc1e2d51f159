/**
 * The run context: records checks and observations, and offers the four operations of the
 * document as raw exchanges, so every check sees statuses, headers and bodies as sent.
 */
import { hasReadings, isReading, type UnspecifiedIdWithReadings } from '@video-api/schema/unspecified';
import { describe, type Exchange, isSuccess, send } from './http.js';
import type { CheckResult, Observation, RunOptions, Target } from './types.js';

/** Thrown by a check to fail with a message that says what was expected and what came. */
export class CheckFailure extends Error {
  override name = 'CheckFailure';
}

export function ensure(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailure(message);
}

export type ReadinessPredicate = (video: Record<string, unknown>, key: string) => Promise<boolean>;

const encode = encodeURIComponent;

export class Context {
  readonly checks: CheckResult[] = [];
  readonly observations: Observation[] = [];
  /** Set by the readiness probe; the document does not show the readiness field (§4.3). */
  isReady: ReadinessPredicate | undefined;
  private created = 0;

  constructor(
    readonly target: Target,
    readonly options: Required<Omit<RunOptions, 'registerWebhook' | 'onResult' | 'seed'>> &
      Pick<RunOptions, 'registerWebhook' | 'onResult' | 'seed'>,
  ) {}

  /** Runs one check of something the document states; a thrown error is its failure. */
  async check(name: string, section: string, run: () => Promise<string | undefined>): Promise<boolean> {
    let result: CheckResult;
    try {
      const detail = (await run()) ?? 'as the document states';
      result = { name, verdict: 'pass', section, detail };
    } catch (error) {
      const detail = error instanceof CheckFailure ? error.message : `unexpected error: ${String(error)}`;
      result = { name, verdict: 'fail', section, detail };
    }
    this.checks.push(result);
    this.options.onResult?.(result);
    return result.verdict === 'pass';
  }

  /** Runs one probe of an unknown; it never fails the target. */
  async observe(
    id: UnspecifiedIdWithReadings,
    probe: () => Promise<{ reading: string; evidence: string }>,
  ): Promise<Observation> {
    let observation: Observation;
    try {
      const { reading, evidence } = await probe();
      const known = hasReadings(id) && (isReading(id, reading) || reading === 'other');
      observation = known
        ? { id, reading, evidence }
        : { id, reading: 'other', evidence: `${reading}: ${evidence}` };
    } catch (error) {
      observation = { id, reading: 'other', evidence: `the probe could not decide: ${String(error)}` };
    }
    this.observations.push(observation);
    this.options.onResult?.(observation);
    return observation;
  }

  reading(id: UnspecifiedIdWithReadings): string | undefined {
    return this.observations.find((o) => o.id === id)?.reading;
  }

  /** A title unique to this run, so several runs against one server do not mix. */
  title(label: string): string {
    this.created += 1;
    return `contract ${label} #${this.created} ${Date.now().toString(36)}`;
  }

  // §4.1
  createVideos(videos: Array<{ title: string; tags?: string[] }>, auth: 'token' | 'none' = 'token') {
    return send(this.target, {
      method: 'POST',
      path: '/api/v1/videos',
      auth,
      json: { projectKey: this.target.projectKey, videos },
    });
  }

  /** Creates one video and returns its key; fails the calling check when create does not work. */
  async createOne(label: string): Promise<string> {
    const exchange = await this.createVideos([{ title: this.title(label) }]);
    const key = (Array.isArray(exchange.json) ? exchange.json[0] : undefined)?.key;
    ensure(isSuccess(exchange.status) && typeof key === 'string', `create failed: ${describe(exchange)}`);
    return key;
  }

  // §4.2
  upload(key: string, options: { auth?: 'token' | 'none'; bytes?: number; field?: string } = {}) {
    const form = new FormData();
    const bytes = sampleBytes(options.bytes ?? 64 * 1024);
    form.append(options.field ?? 'file', new Blob([bytes], { type: 'video/mp4' }), 'clip.mp4');
    return send(this.target, {
      method: 'POST',
      path: `/api/upload/v1/form-data/videos/${encode(key)}`,
      upload: true,
      auth: options.auth ?? 'token',
      body: form,
    });
  }

  // §4.3
  getVideo(key: string, auth: 'token' | 'other' | 'none' = 'token') {
    return send(this.target, { path: `/api/v1/videos/${encode(key)}`, auth });
  }

  // §4.4
  putFields(key: string, simpleCustomFields: unknown, auth: 'token' | 'other' | 'none' = 'token') {
    return send(this.target, {
      method: 'PUT',
      path: `/api/v1/videos/${encode(key)}/custom-fields`,
      auth,
      json: { simpleCustomFields },
    });
  }

  /** Polls get-video until the readiness predicate holds; returns the polls seen. */
  async waitForReady(key: string): Promise<{ ready: boolean; polls: Exchange[] }> {
    const polls: Exchange[] = [];
    const deadline = Date.now() + this.options.readyTimeoutMs;
    while (Date.now() < deadline) {
      const exchange = await this.getVideo(key);
      polls.push(exchange);
      if (polls.length > 50) polls.splice(1, 1); // keep the first and the latest polls as evidence
      const video = exchange.json as Record<string, unknown> | undefined;
      if (isSuccess(exchange.status) && video && this.isReady && (await this.isReady(video, key))) {
        return { ready: true, polls };
      }
      await new Promise((resolve) => setTimeout(resolve, this.options.pollIntervalMs));
    }
    return { ready: false, polls };
  }
}

/** Deterministic bytes that look like nothing in particular (not a real video: §4.2 shows no check). */
export function sampleBytes(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + 7) & 0xff;
  return bytes;
}
