/** Builds the target of a run: a server over HTTP, or the mock in this process. */
import { DEFAULT_TIMEOUT_MS } from '../support/http.js';
import type { RunOptions, Target } from '../support/types.js';

export interface PreparedTarget {
  target: Target;
  registerWebhook?: RunOptions['registerWebhook'];
  close(): Promise<void>;
}

/** A server over HTTP. With `webhooks: 'auto'` a receiver is registered through the mock's admin API when the server has one. */
export function httpTarget(options: {
  baseUrl: string;
  uploadBaseUrl?: string;
  token: string;
  otherToken?: string;
  /** The admin token of a mock started with one; default: `token`. */
  adminToken?: string;
  projectKey: string;
  webhooks: 'auto' | 'off';
  /** Bound of the webhook registration request (ms). Default 30 000. */
  requestTimeoutMs?: number;
  /** The fetch to send with (default: global fetch; `tlsFetch` for --ca / --insecure). */
  fetch?: Target['fetch'];
}): PreparedTarget {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const target: Target = {
    baseUrl: options.baseUrl,
    uploadBaseUrl: options.uploadBaseUrl ?? options.baseUrl,
    token: options.token,
    ...(options.otherToken === undefined ? {} : { otherToken: options.otherToken }),
    projectKey: options.projectKey,
    fetch: send,
  };
  const registerWebhook = async (url: string) => {
    const response = await send(
      new Request(`${options.baseUrl}/__mock/webhooks`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${options.adminToken ?? options.token}`,
        },
        body: JSON.stringify({ url }),
        signal: AbortSignal.timeout(options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS),
      }),
    );
    if (response.status === 401 || response.status === 403) {
      throw new Error(
        `the mock's admin API refused the webhook registration (${response.status}): give its admin token with --admin-token`,
      );
    }
    if (!response.ok) throw new Error(`no mock admin API to register a webhook (${response.status})`);
    return (await response.json()) as { secret?: string };
  };
  return {
    target,
    ...(options.webhooks === 'auto' ? { registerWebhook } : {}),
    close: async () => {},
  };
}

/**
 * What this package uses of `@video-api/mock-server`, its optional peer: kept structural, so the
 * types of this package do not need the mock installed.
 */
interface MockServerModule {
  createApp(options: Record<string, unknown>): {
    fetch(request: Request): Response | Promise<Response>;
    mock: {
      webhooks: { register(target: { url: string }): { secret?: string } | Promise<{ secret?: string }> };
      close(): Promise<void> | void;
    };
  };
}

/** Tokens of the in-process mock: one per account, so owner-only access can be told apart. */
export const IN_PROCESS_TOKENS = ['contract-token', 'contract-other-token'] as const;

/** Thrown when the in-process mock cannot be set up (not installed, or options it refuses). */
export class MockUnavailable extends Error {
  override name = 'MockUnavailable';
}

/** What to do when no --base-url is given and the in-process mock is not installed. */
const MOCK_MISSING =
  'no --base-url given, and the in-process mock needs @video-api/mock-server, which is not installed: npm i -D @video-api/mock-server (or give --base-url and --token of a running server)';

/** Whether `error` says that the package `name` itself cannot be found. */
function isMissing(error: unknown, name: string): boolean {
  const { code, message } = error as NodeJS.ErrnoException;
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    typeof message === 'string' &&
    message.includes(`'${name}'`)
  );
}

/** The mock server, in this process (no socket): `@video-api/mock-server` must be installed. */
export async function inProcessTarget(options: {
  projectKey: string;
  readings?: Record<string, string>;
  processingMs?: number;
  /** Further options of the mock's `createApp` (e.g. `rateLimit`). */
  mockOptions?: Record<string, unknown>;
  /** Wraps the app's fetch, e.g. to break the mock on purpose in tests. */
  wrapFetch?: (fetch: Target['fetch']) => Target['fetch'];
}): Promise<PreparedTarget> {
  let mockServer: MockServerModule;
  try {
    mockServer = (await import('@video-api/mock-server')) as MockServerModule;
  } catch (error) {
    if (!isMissing(error, '@video-api/mock-server')) throw error;
    throw new MockUnavailable(MOCK_MISSING);
  }
  let app: ReturnType<MockServerModule['createApp']>;
  try {
    app = mockServer.createApp({
      tokens: [...IN_PROCESS_TOKENS],
      // The run's project is one the mock knows (`unknown-project-key` refuses others under two readings).
      projects: [options.projectKey],
      processingMs: options.processingMs ?? 150,
      readings: options.readings ?? {},
      logLevel: 'silent',
      ...options.mockOptions,
    });
  } catch (error) {
    throw new MockUnavailable(`the in-process mock refused its options: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const baseUrl = 'http://mock.local';
  const target: Target = {
    baseUrl,
    uploadBaseUrl: baseUrl,
    token: IN_PROCESS_TOKENS[0],
    otherToken: IN_PROCESS_TOKENS[1],
    projectKey: options.projectKey,
    inProcess: true,
    fetch: (options.wrapFetch ?? ((f) => f))(async (request) => app.fetch(request)),
  };
  const registerWebhook = async (url: string) => app.mock.webhooks.register({ url });
  return { target, registerWebhook, close: async () => app.mock.close() };
}
