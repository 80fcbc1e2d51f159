/**
 * Errors of the mock itself: a bad `X-Mock-*` request header, a bad sandbox name, a sandbox too
 * many (400); a Host or an Origin the mock does not answer (403); its own trouble: its database
 * away (503), its storage full or failing (507, 500). They are never a reading of the
 * API, so they have one shape whatever the `error-shape` reading: `application/problem+json`, the response header `X-Mock-Error: <code>` and the body
 * `{ type: 'urn:video-api-mock:problem:<code>', title, status, detail, code }`. A client tells them
 * from the API's own errors by that header (the client's `MockError`); do not change this contract
 * without changing the client.
 */
import { HttpError } from './errors.js';
import { shownResponse } from './respond.js';

/** The response header that marks an answer as the mock's own error; its value is the code. */
export const MOCK_ERROR_HEADER = 'X-Mock-Error';

/** What went wrong, as the `X-Mock-Error` header and the body's `code` name it. */
export type MockErrorCode =
  /** A bad `X-Mock-*` request header (`X-Mock-Reading`, `X-Mock-Sandbox`). */
  | 'mock-header'
  /** A sandbox name in a path (`/sandboxes/{name}/…`, the admin API) that is not one. */
  | 'sandbox-name'
  /** A sandbox that would be one more than the `maxSandboxes` option allows. */
  | 'sandbox-limit'
  /** 403: a `Host` the `allowedHosts` option does not allow (DNS rebinding). */
  | 'host-not-allowed'
  /** 403: an `Origin` (or a cross-site subresource) the CORS options do not allow. */
  | 'origin-not-allowed'
  /** 503: the mock's database cannot be reached or is too slow (`databaseUrl`); `Retry-After` says when to try again. */
  | 'database-unavailable'
  /** 507: the device that holds the mock's uploads or records is full (ENOSPC, EDQUOT): src/http/errors.ts. */
  | 'insufficient-storage'
  /** 507 (EIO) or 500: the mock's own storage failed otherwise: src/http/errors.ts. */
  | 'storage-failed';

/**
 * The mock's own error (`code`, status 400 unless said); `detail` says what was wrong, where, and
 * what is accepted.
 *
 * @example
 * throw mockError('mock-header', 'Bad X-Mock-Reading header', 'header X-Mock-Reading: unknown id "x" (accepted ids: …)');
 * mockError('host-not-allowed', 'Host not allowed', 'Host "evil.example" …', 403);
 */
export function mockError(
  code: MockErrorCode,
  title: string,
  detail: string,
  status: 400 | 403 | 503 = 400,
  headers?: Record<string, string>,
): HttpError {
  return new HttpError(status, { code, title, detail, mock: true, ...(headers && { headers }) });
}

/**
 * The response of a mock error: the same on the public API and the admin API.
 *
 * @example
 * renderMockError(mockError('mock-header', 'Bad X-Mock-Reading header', '…')).headers.get('x-mock-error'); // 'mock-header'
 */
export function renderMockError(error: HttpError): Response {
  const body = {
    type: `urn:video-api-mock:problem:${error.code}`,
    title: error.title,
    status: error.status,
    detail: error.detail,
    code: error.code,
  };
  return shownResponse(JSON.stringify(body), error.status, {
    ...error.headers,
    'content-type': 'application/problem+json',
    [MOCK_ERROR_HEADER.toLowerCase()]: error.code,
  });
}
