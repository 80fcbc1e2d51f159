/**
 * Where the page finds the video API: `?api=<base URL>` in the page's address (Playwright gives
 * each worker its own mock sandbox this way), else `VITE_VIDEO_API_BASE_URL`, else the mock's
 * default address. Under `vite --mode msw` the API is the msw worker's, under the page's own origin.
 */

/** The mock's default token (`npx video-api-mock` accepts it unless told otherwise). */
export const DEFAULT_TOKEN = 'mock-token';
/** Where `npx video-api-mock` listens by default. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:4010';
/** The path the msw worker serves the mock under (`vite --mode msw`). */
export const MSW_PATH = '/video-api';

export interface ApiConfig {
  baseUrl: string;
  token: string;
  /** Whether the mock runs in the page (msw's service worker). */
  inPage: boolean;
}

interface Env {
  MODE: string;
  VITE_VIDEO_API_BASE_URL?: string;
  VITE_VIDEO_API_TOKEN?: string;
}

/** The API this page talks to, from its address and Vite's environment. */
export function apiConfig(location: Pick<Location, 'origin' | 'search'>, env: Env): ApiConfig {
  const token = env.VITE_VIDEO_API_TOKEN || DEFAULT_TOKEN;
  const fromAddress = new URLSearchParams(location.search).get('api');
  if (fromAddress) return { baseUrl: fromAddress, token, inPage: false };
  if (env.MODE === 'msw') return { baseUrl: new URL(MSW_PATH, location.origin).href, token, inPage: true };
  return { baseUrl: env.VITE_VIDEO_API_BASE_URL || DEFAULT_BASE_URL, token, inPage: false };
}
