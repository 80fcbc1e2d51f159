/** Request helpers shared by the tests, the fuzz and the soak. */

/** The token the mock accepts unless told otherwise. */
export const TOKEN = 'mock-token';

/** Headers of an authorized JSON request. */
export const JSON_AUTH = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' } as const;

/** A key as one path segment; lone surrogates (which no URL can carry) become U+FFFD. */
function segment(key: string): string {
  return encodeURIComponent(key.replace(/[\ud800-\udfff]/gu, '\ufffd'));
}

/** Paths of the four operations (§4.1–§4.4) for a video key (encoded as one path segment). */
export const paths = {
  create: '/api/v1/videos',
  upload: (key: string) => `/api/upload/v1/form-data/videos/${segment(key)}`,
  get: (key: string) => `/api/v1/videos/${segment(key)}`,
  fields: (key: string) => `/api/v1/videos/${segment(key)}/custom-fields`,
};

/** A multipart form with one `file` part. */
export function fileForm(bytes: Uint8Array<ArrayBuffer> | string, name = 'clip.mp4'): FormData {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  return form;
}
