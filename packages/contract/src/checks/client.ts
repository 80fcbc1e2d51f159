/**
 * The SDK against the target: @video-api/client's own calls (create, upload with progress, wait
 * for readiness, typed custom fields, typed errors) must work wherever the raw exchanges do, so a
 * team learns from one run whether the client will work against this server.
 */

import {
  createVideoApiClient,
  defineCustomFields,
  type FieldKind,
  HttpError,
  type VideoApiClient,
  VideoFailedError,
} from '@video-api/client';
import { fieldKindOf, type FieldKind as ValueKind } from '@video-api/schema';
import type { Context } from '../context/context.js';
import { CheckFailure, CheckSkipped, ensure, explain } from '../context/failures.js';
import { everyValueForm } from '../support/examples.js';
import { isClientError } from '../support/http.js';
import { sameValue } from '../support/same-value.js';
import { SAMPLE_VIDEO_NAME, SAMPLE_VIDEO_TYPE, sampleVideo } from '../support/sample-video.js';
import { showValue } from '../support/shown.js';
import { isFailedWord } from '../support/state-words.js';
import { generatedValues } from '../support/values.js';
import { seeded } from './custom-fields.js';

/** The client's typed kind for each kind of value of §2 (`fieldKindOf` of `@video-api/schema`). */
const CLIENT_KIND: Record<ValueKind, FieldKind> = {
  string: 'text',
  number: 'counter',
  boolean: 'flag',
  'date-time': 'datetime',
  'string-array': 'multiText',
};

/** The typed kind of each field of the spec's every-value-form example, from its value. */
function kindOf(value: unknown): FieldKind {
  return CLIENT_KIND[fieldKindOf(value) ?? 'string'];
}

const exampleFields = defineCustomFields(
  Object.fromEntries(Object.entries(everyValueForm).map(([name, value]) => [name, kindOf(value)])),
);

/** What a typed value looks like on the wire again, to compare with what was sent. */
const wire = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** The state word of a video that says its processing failed (read as the readiness probe reads it). */
function failedState(ctx: Context, video: Record<string, unknown>): string | undefined {
  const word = ctx.settledState?.(video);
  return word !== undefined && isFailedWord(word) ? word : undefined;
}

/** Runs a client call and returns what it threw (undefined when it did not throw). */
const thrown = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: unknown) => error,
  );

function contractClient(ctx: Context): VideoApiClient {
  return createVideoApiClient({
    baseUrl: ctx.target.baseUrl,
    uploadBaseUrl: ctx.target.uploadBaseUrl,
    token: ctx.target.token,
    fetch: ctx.api.fetch,
  });
}

async function createAndUpload(ctx: Context, client: VideoApiClient): Promise<string | undefined> {
  let key: string | undefined;
  await ctx.check(
    'the client creates a video and uploads its source, reporting progress',
    '4.2',
    async () => {
      // Create is retried only after a 429 (a refusal: nothing was created), as the raw checks do.
      const [created] = await client.createVideos(
        { projectKey: ctx.target.projectKey, videos: [{ title: ctx.api.title('client') }] },
        { retry: { retries: 3 } },
      );
      ensure(
        created,
        'createVideos returned no video for a one-video request (§4.1 states one element per requested video)',
      );
      key = created.key;
      const bytes = sampleVideo(); // a real video: servers process what is uploaded
      const loaded: number[] = [];
      // Bytes can be sent again, so a 429 is waited out here too.
      const upload = await client.uploadSource(key, bytes, {
        retry: { retries: 3 },
        filename: SAMPLE_VIDEO_NAME,
        contentType: SAMPLE_VIDEO_TYPE,
        onProgress: (progress) => loaded.push(progress.loaded),
      });
      const total = loaded.at(-1);
      ensure(
        total !== undefined && total >= bytes.byteLength,
        `upload progress ended at ${total ?? 'no event'}, expected the whole body (at least ${bytes.byteLength} bytes)`,
      );
      return `video ${key}; ${bytes.byteLength} bytes uploaded (status ${upload.status}) in ${loaded.length} progress events`;
    },
  );
  return key;
}

const WAITS = 'the client waits until the uploaded video is ready';
const WRITES = 'the client writes every value form typed and reads it back typed';

async function waitAndWriteFields(ctx: Context, client: VideoApiClient, key: string): Promise<void> {
  const waits = WAITS;
  if (ctx.readinessUnknown) ctx.skip(waits, '4.3', `not decided: ${ctx.readinessUnknown}`);
  else
    await ctx.check(waits, '4.3', async () => {
      const unaccepted = ctx.noUploadAccepted();
      if (unaccepted) throw new CheckSkipped(`not run: ${unaccepted}`);
      const probed = ctx.isReady;
      let failedWord: string | undefined;
      const video = await client
        .waitForReady(key, {
          // What the readiness probe learned of this target; else the client's own guess. A video
          // whose state word says it failed ends the wait as failed, not as a timeout.
          ...(probed
            ? {
                isReady: async (candidate) => {
                  if (await probed(candidate, key)) return 'ready' as const;
                  failedWord = failedState(ctx, candidate);
                  return failedWord === undefined ? ('pending' as const) : ('failed' as const);
                },
              }
            : {}),
          intervalMs: ctx.options.pollIntervalMs,
          maxIntervalMs: Math.max(ctx.options.pollIntervalMs, 1000),
          timeoutMs: ctx.options.readyTimeoutMs,
        })
        .catch((error: unknown) => {
          if (error instanceof VideoFailedError) {
            const word = failedWord ?? failedState(ctx, (error.body ?? {}) as Record<string, unknown>);
            throw new CheckFailure(
              `video ${key} failed processing${word ? ` (state ${showValue(word)})` : ''}: waitForReady threw ${explain(error)}`,
            );
          }
          throw error;
        });
      ensure(video.videoKey === key, `waitForReady returned video ${showValue(video.videoKey)}`);
      return `ready; ${probed ? 'readiness as probed' : "the client's default readiness guess"}`;
    });
  await ctx.check(WRITES, '2', async () => {
    // The second generated value of each form (the raw checks wrote the first one first).
    const { seed } = ctx.options;
    const wireValues = Object.fromEntries(
      generatedValues(seed).map(({ field, values }) => [field, values[1]]),
    );
    const values = exampleFields.parse(wireValues as Parameters<typeof exampleFields.parse>[0]);
    await exampleFields.write(client, key, values);
    const read = await exampleFields.read(client, key);
    for (const [name, value] of Object.entries(values)) {
      const got = (read as Record<string, unknown>)[name];
      ensure(
        sameValue(wire(value), wire(got)),
        `field "${name}": wrote ${showValue(wire(value))}, read ${showValue(wire(got))} (${seeded(seed)})`,
      );
    }
    return `${Object.keys(values).join(', ')} read back equal, date-times as Date (seed ${seed})`;
  });
}

async function typedErrors(ctx: Context, client: VideoApiClient): Promise<void> {
  await ctx.check('the client reports an unknown video key as a typed HTTP error', '4.3', async () => {
    const key = `contract-unknown-${Date.now().toString(36)}`;
    const error = await thrown(client.getVideo(key, { retry: false }));
    ensure(
      error !== undefined,
      `getVideo("${key}") resolved: the server answered a key it never issued with a 2XX, expected a 4xx`,
    );
    ensure(
      error instanceof HttpError && isClientError(error.status ?? 0),
      `expected an HttpError with a 4xx status, got ${explain(error)}`,
    );
    return `${error.name}, status ${error.status}`;
  });
}

/** Runs the client's checks; each fails with what the client threw or returned. */
export async function checkClient(ctx: Context): Promise<void> {
  const client = contractClient(ctx);
  const key = await createAndUpload(ctx, client);
  if (key) await waitAndWriteFields(ctx, client, key);
  else {
    const why = ctx.stopped
      ? `not run: ${ctx.stopped.reason}`
      : 'not run: the client created no video to go on with';
    ctx.skip(WAITS, '4.3', why);
    ctx.skip(WRITES, '2', why);
  }
  await typedErrors(ctx, client);
}
