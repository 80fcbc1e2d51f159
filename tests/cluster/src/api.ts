/**
 * The four operations of the document (create, upload, get, update custom fields) over HTTP, each
 * answer with the instance that served it (nginx's X-Upstream): what the tests send through the
 * load balancer or to one instance directly.
 */
import { TOKEN } from './instance.js';

export interface Answer<T = unknown> {
  status: number;
  /** The instance nginx passed the request to (`127.0.0.1:<port>`), or '' when sent directly. */
  upstream: string;
  headers: Headers;
  body: T;
}

export interface Video {
  videoKey: string;
  simpleCustomFields: Record<string, unknown>;
  status?: string;
}

export type Created = Array<{ key: string; title: string }>;

/** Sends one request and reads its whole answer (JSON when it is JSON). */
export async function send<T = unknown>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  signal: AbortSignal = AbortSignal.timeout(30_000),
): Promise<Answer<T>> {
  const isForm = body instanceof FormData;
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${TOKEN}`,
      ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json');
  return {
    status: response.status,
    upstream: response.headers.get('x-upstream') ?? '',
    headers: response.headers,
    body: (json && text !== '' ? JSON.parse(text) : text) as T,
  };
}

export const createVideos = (base: string, titles: string[], projectKey = 'cluster') =>
  send<Created>(base, 'POST', '/api/v1/videos', { projectKey, videos: titles.map((title) => ({ title })) });

export function uploadSource(base: string, key: string, bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'video/mp4' }), 'source.mp4');
  return send<Video>(base, 'POST', `/api/upload/v1/form-data/videos/${encodeURIComponent(key)}`, form);
}

export const getVideo = (base: string, key: string) =>
  send<Video>(base, 'GET', `/api/v1/videos/${encodeURIComponent(key)}`);

export const putFields = (base: string, key: string, fields: Record<string, unknown>) =>
  send<Video>(base, 'PUT', `/api/v1/videos/${encodeURIComponent(key)}/custom-fields`, {
    simpleCustomFields: fields,
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
