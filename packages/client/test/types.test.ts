import type { CreatedVideo, Video } from '@video-api/schema';
import { describe, expectTypeOf, it } from 'vitest';
import type { BatchResult } from '../src/batch/types.js';
import type { RetryOptions } from '../src/http/types.js';
import {
  createVideoApiClient,
  type UploadSource,
  type VideoApiClient,
  type VideoApiError,
} from '../src/index.js';
import { createVideoApiClient as createNodeClient, type NodeUploadSource } from '../src/node.js';
import type { UploadResult } from '../src/upload/types.js';
import type { WebhookEvent } from '../src/webhooks/types.js';

const client = createVideoApiClient({
  baseUrl: 'http://types.example',
  fetch: async () => new Response('[]'),
});
const nodeClient = createNodeClient({
  baseUrl: 'http://types.example',
  fetch: async () => new Response('[]'),
});

describe('the types of the client', () => {
  it('returns the generated types of @video-api/schema', () => {
    expectTypeOf(client.createVideos).returns.resolves.toEqualTypeOf<CreatedVideo[]>();
    expectTypeOf(client.getVideo).returns.resolves.toEqualTypeOf<Video>();
    expectTypeOf(client.updateCustomFields).returns.resolves.toEqualTypeOf<Video>();
    expectTypeOf(client.uploadSource).returns.resolves.toEqualTypeOf<UploadResult>();
    expectTypeOf(client.waitForReady).returns.resolves.toEqualTypeOf<Video>();
  });

  it('checks request bodies against the spec', () => {
    // @ts-expect-error projectKey is required (§4.1)
    expectTypeOf(client.createVideos).toBeCallableWith({ videos: [{ title: 'a' }] });
    // @ts-expect-error a custom field value is one of the five forms of §2
    expectTypeOf(client.updateCustomFields).toBeCallableWith('v-1', { when: new Date() });
    expectTypeOf(client.updateCustomFields).toBeCallableWith('v-1', {
      topics: ['a'],
      views: 1,
      featured: true,
    });
  });

  it('takes file paths only from the Node entry', () => {
    expectTypeOf<VideoApiClient>().toEqualTypeOf<VideoApiClient<UploadSource>>();
    expectTypeOf(nodeClient).toEqualTypeOf<VideoApiClient<NodeUploadSource>>();
    // @ts-expect-error a path is not a source in every runtime
    expectTypeOf(client.uploadSource).toBeCallableWith('v-1', 'clip.mp4');
    expectTypeOf(nodeClient.uploadSource).toBeCallableWith('v-1', 'clip.mp4');
  });

  it('types the raw openapi-fetch client by path', () => {
    expectTypeOf(client.raw.GET).toBeCallableWith('/api/v1/videos/{videoKey}', {
      params: { path: { videoKey: 'v' } },
    });
    // @ts-expect-error no such path in the spec
    expectTypeOf(client.raw.GET).toBeCallableWith('/api/v1/nothing');
  });

  it('types the errors it hands over as VideoApiError, with status and the rest', () => {
    type OnRetry = NonNullable<RetryOptions['onRetry']>;
    expectTypeOf<Parameters<OnRetry>[0]['error']>().toEqualTypeOf<VideoApiError>();
    expectTypeOf<Extract<BatchResult<Blob>, { ok: false }>['error']>().toEqualTypeOf<VideoApiError>();
    createVideoApiClient({ baseUrl: 'http://x', retry: { onRetry: ({ error }) => error.status } });
  });

  it('accepts undefined for every optional setting (exactOptionalPropertyTypes)', () => {
    const maybe = undefined as AbortSignal | undefined;
    expectTypeOf(client.waitForReady).toBeCallableWith('v-1', { signal: maybe, timeoutMs: undefined });
    expectTypeOf(client.uploadVideos).toBeCallableWith([], { projectKey: 'p', signal: maybe });
    expectTypeOf(createVideoApiClient).toBeCallableWith({ baseUrl: 'http://x', token: undefined });
  });

  it('gives webhook events a payload kind', () => {
    expectTypeOf<WebhookEvent['payload']>().toEqualTypeOf<'envelope' | 'flat' | 'video-record'>();
  });
});
