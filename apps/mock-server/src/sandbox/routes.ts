/**
 * The admin routes of sandboxes, on the mock's own admin API only (`/__mock/sandboxes`): list
 * them, look one up, delete one or all. Inside a sandbox (`/sandboxes/w1/__mock/…`) the admin API
 * is that sandbox's own (reset, clock, readings, …) and has no such routes.
 */
import type { Hono } from 'hono';
import { adminApp } from '../control/admin-app.js';
import { requireToken } from '../http/auth.js';
import type { MockEnv } from '../http/context.js';
import { HttpError } from '../http/errors.js';
import { checkSandboxName, SANDBOXES_PATH } from './names.js';
import type { Sandbox, SandboxRegistry } from './registry.js';

/** How a sandbox is shown: its name and the path it is served under. */
function view(name: string) {
  return { name, path: `${SANDBOXES_PATH}/${name}` };
}

/** 404 for a sandbox that is not open, naming the open ones. */
async function notOpen(registry: SandboxRegistry<Sandbox>, name: string): Promise<HttpError> {
  const open = await registry.known();
  return new HttpError(404, {
    code: 'not-found',
    title: 'Not found',
    detail: `No sandbox "${name}" is open (open: ${open.length === 0 ? 'none' : open.join(', ')}); a sandbox opens on its first request.`,
  });
}

/**
 * The routes, to mount at `/__mock/sandboxes`.
 *
 * @example
 * app.route(`${ADMIN_PREFIX}/sandboxes`, sandboxRoutes(registry, resolved.adminToken));
 */
export function sandboxRoutes<S extends Sandbox>(
  registry: SandboxRegistry<S>,
  adminToken: string | undefined,
): Hono<MockEnv> {
  const routes = adminApp();
  if (adminToken !== undefined) {
    routes.use('*', async (c, next) => {
      requireToken(c.req.header('authorization'), [adminToken]);
      await next();
    });
  }
  const nameOf = (raw: string) =>
    checkSandboxName(raw, `the path /__mock${SANDBOXES_PATH}/{name}`, 'sandbox-name');
  routes.get('/', async (c) => c.json({ sandboxes: (await registry.known()).map(view), max: registry.max }));
  routes.delete('/', async (c) => {
    await registry.clear();
    return c.body(null, 204);
  });
  routes.get('/:name', async (c) => {
    const name = nameOf(c.req.param('name'));
    if (!(await registry.known()).includes(name)) throw await notOpen(registry, name);
    return c.json(view(name));
  });
  routes.delete('/:name', async (c) => {
    const name = nameOf(c.req.param('name'));
    if (!(await registry.delete(name))) throw await notOpen(registry, name);
    return c.body(null, 204);
  });
  return routes;
}
