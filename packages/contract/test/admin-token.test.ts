/** The webhook receiver is registered with the mock's admin token (`--admin-token`), not the API token, when given. */
import { createApp } from '@video-api/mock-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../src/cli/args.js';
import { httpTarget } from '../src/cli/targets.js';

const apps: Array<ReturnType<typeof createApp>> = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.mock.close();
});

/** An HTTP target whose requests the mock, started with an admin token, answers in process. */
function targetOf(adminToken: string | undefined) {
  const app = createApp({ adminToken: 'admin-secret', realTimeClock: false });
  apps.push(app);
  const prepared = httpTarget({
    baseUrl: 'http://127.0.0.1:4010',
    token: 'mock-token',
    ...(adminToken === undefined ? {} : { adminToken }),
    projectKey: 'contract',
    webhooks: 'auto',
    fetch: async (request) => app.fetch(request),
  });
  return { app, register: prepared.registerWebhook as (url: string) => Promise<{ secret?: string }> };
}

describe('--admin-token', () => {
  it('is read from the flag, else from VIDEO_API_ADMIN_TOKEN', () => {
    expect(parseCliArgs(['--admin-token', 'a']).adminToken).toBe('a');
    expect(parseCliArgs([], { VIDEO_API_ADMIN_TOKEN: 'e' }).adminToken).toBe('e');
    expect(parseCliArgs([]).adminToken).toBeUndefined();
  });

  it('registers the receiver on a mock that requires it', async () => {
    const { app, register } = targetOf('admin-secret');
    const { secret } = await register('http://127.0.0.1:9/hooks');
    expect(secret).toMatch(/\S/);
    expect(app.mock.webhooks.list().map((target) => target.url)).toEqual(['http://127.0.0.1:9/hooks']);
  });

  it('without it, the refusal says which flag to give, and nothing is registered', async () => {
    const { app, register } = targetOf(undefined);
    await expect(register('http://127.0.0.1:9/hooks')).rejects.toThrow(
      "the mock's admin API refused the webhook registration (401): give its admin token with --admin-token",
    );
    expect(app.mock.webhooks.list()).toEqual([]);
  });
});
