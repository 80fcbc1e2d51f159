/**
 * The console script's calls of the admin API (`__mock/…`, relative to the page, so they work below
 * a prefix): each marked as the console's own (the journal leaves them out) and, once given, with
 * the admin token as `Authorization: Bearer`; the token is kept in this tab's sessionStorage only.
 * A refused call throws with the problem's detail.
 */
import { CONSOLE_REQUEST_HEADER } from '../../shared/console-request.js';

const TOKEN_KEY = 'video-api-mock.admin-token';

/** The headers that mark a request as the console's own. */
export const CONSOLE_HEADERS: Readonly<Record<string, string>> = { [CONSOLE_REQUEST_HEADER]: '1' };

/** The admin token given in this tab, if any. */
export const adminToken = (): string | null => sessionStorage.getItem(TOKEN_KEY);

/** Keeps the admin token for this tab. */
export const keepAdminToken = (token: string): void => sessionStorage.setItem(TOKEN_KEY, token);

/** Fetches `__mock/<path>`, marked as the console's and with the admin token once given. */
export function adminFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const token = adminToken();
  const headers = {
    ...(init.headers as Record<string, string> | undefined),
    ...CONSOLE_HEADERS,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
  return fetch(`__mock/${path}`, { ...init, headers });
}

/** Calls `__mock/<path>`; resolves with its JSON answer (null for 204), rejects with what the mock said. */
export async function admin<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await adminFetch(path, init);
  if (!res.ok) {
    const problem = (await res.json().catch(() => ({}))) as { detail?: string; title?: string };
    throw new Error(`${path}: ${res.status} ${problem.detail || problem.title || res.statusText}`);
  }
  return (res.status === 204 ? null : await res.json()) as T;
}

/** Sends `body` (JSON) to `__mock/<path>` with `method`. */
export const adminSend = <T>(path: string, method: string, body?: unknown): Promise<T> =>
  admin<T>(
    path,
    body === undefined
      ? { method }
      : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
