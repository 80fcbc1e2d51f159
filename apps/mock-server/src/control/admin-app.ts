/** A Hono app for admin routes: its HttpErrors are answered as problem+json, wherever it is mounted. */
import { Hono } from 'hono';
import type { MockEnv } from '../http/context.js';
import { HttpError, renderAdminError } from '../http/errors.js';
import { renderMockError } from '../http/mock-error.js';

/**
 * @example
 * const routes = adminApp();
 * routes.get('/', () => { throw notFound('v-9'); }); // 404 application/problem+json
 */
export function adminApp(): Hono<MockEnv> {
  const app = new Hono<MockEnv>();
  app.onError((error) => {
    if (error instanceof HttpError) return error.mock ? renderMockError(error) : renderAdminError(error);
    throw error; // the app's own handler logs it and answers 500
  });
  return app;
}
