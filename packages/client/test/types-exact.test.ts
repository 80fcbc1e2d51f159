import { describe, expect, it } from 'vitest';
import { consumerOptions, typecheck } from './support/typecheck.js';

/**
 * Code of a consumer whose tsconfig sets exactOptionalPropertyTypes: the package's own tsconfig
 * does not, so these are compiled apart, as such a consumer would.
 */
const consumer = `
import { createVideoApiClient, defineCustomFields, type VideoApiError } from '@video-api/client';
import { createVideoApiClient as createNodeClient } from '@video-api/client/node';

declare const maybeSignal: AbortSignal | undefined;
declare const maybeToken: string | undefined;
declare const maybeNumber: number | undefined;

const client = createVideoApiClient({
  baseUrl: 'http://localhost:4010',
  token: maybeToken,
  timeoutMs: maybeNumber,
  uploadBaseUrl: undefined,
  retry: { retries: maybeNumber, onRetry: ({ error }) => console.log(error.status, error.operation) },
});
await client.getVideo('v', { signal: maybeSignal, timeoutMs: maybeNumber });
await client.waitForReady('v', { signal: maybeSignal, timeoutMs: maybeNumber, intervalMs: undefined });
const results = await client.uploadVideos([{ source: new Blob([]), title: undefined }], {
  projectKey: 'p',
  signal: maybeSignal,
  concurrency: maybeNumber,
  wait: undefined,
});
for (const r of results) if (!r.ok) console.log(r.error.status satisfies number | undefined);
const error: VideoApiError | undefined = results.find((r) => !r.ok)?.error;
console.log(error);

const node = createNodeClient({ baseUrl: 'http://localhost:4010', getToken: undefined });
await node.uploadSource('v', { path: 'clip.mp4', name: undefined }, { signal: maybeSignal });
await node.uploadSource('v', { stream: new Blob([]).stream(), size: 0, type: undefined });

const fields = defineCustomFields({ views: 'counter' });
fields.serialize({ views: undefined });
`;

describe('the types under exactOptionalPropertyTypes', () => {
  it('accept undefined wherever a setting is optional, and type errors as VideoApiError', () => {
    const diagnostics = typecheck(
      { 'consumer.mts': consumer },
      { ...consumerOptions, exactOptionalPropertyTypes: true },
    );
    expect(diagnostics).toEqual([]);
  }, 60_000);

  it("compile the package's source too, as a consumer resolving it through @video-api/source does", () => {
    const diagnostics = typecheck(
      { 'consumer.mts': consumer },
      { ...consumerOptions, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true },
      true,
    );
    expect(diagnostics).toEqual([]);
  }, 60_000);
});
