/** Request helpers shared by the tests, the fuzz and the soak. */

/** The token the mock accepts unless told otherwise. */
export const TOKEN = 'mock-token';

/** Headers of an authorized JSON request. */
export const JSON_AUTH = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' } as const;

/** A key as one path segment; lone surrogates (which no URL can carry) become U+FFFD. */
export function segment(key: string): string {
  return encodeURIComponent(key.replace(/[\ud800-\udfff]/gu, '\ufffd'));
}

/** Paths of the four operations (§4.1–§4.4) for a video key (encoded as one path segment). */
export const paths = {
  create: '/api/v1/videos',
  upload: (key: string) => `/api/upload/v1/form-data/videos/${segment(key)}`,
  get: (key: string) => `/api/v1/videos/${segment(key)}`,
  fields: (key: string) => `/api/v1/videos/${segment(key)}/custom-fields`,
};

/**
 * The human message of an error body in any of the mock's `error-shape` readings
 * (problem+json `title`/`detail`, `{ message }`, `{ error: { message } }`), or undefined.
 *
 * @example
 * errorMessage({ title: 'Not found', detail: 'No video has the key "v-9".' }); // 'No video has the key "v-9".'
 */
export function errorMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const candidates = [
    record.detail,
    record.title,
    record.message,
    (record.error as Record<string, unknown> | undefined)?.message,
  ];
  return candidates.find((value): value is string => typeof value === 'string' && value.trim() !== '');
}

/** A multipart form with one `file` part. */
export function fileForm(bytes: Uint8Array<ArrayBuffer> | string, name = 'clip.mp4'): FormData {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  return form;
}
