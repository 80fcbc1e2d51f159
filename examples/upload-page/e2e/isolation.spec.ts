/**
 * One test per worker (the first four tests of the run, one to each worker): its sandbox has keys
 * of its own while the other workers create videos, and its reset leaves other sandboxes alone.
 */
import { auth, expect, sandboxUrl, test } from './fixtures';

const create = { projectKey: 'demo', videos: [{ title: 'Isolated' }] };

for (const n of [1, 2, 3, 4]) {
  test(`sandbox check ${n}: its own first key, its own reset`, async ({ request, sandbox }) => {
    const neighbour = sandboxUrl(`${sandbox.name}-neighbour`);
    for (const base of [sandbox.baseUrl, neighbour]) {
      expect((await request.post(`${base}/__mock/reset`)).ok()).toBe(true);
    }
    const keyOf = async (base: string) => {
      const response = await request.post(`${base}/api/v1/videos`, { headers: auth, data: create });
      expect(response.status(), await response.text()).toBeLessThan(300);
      return ((await response.json()) as { key: string }[])[0]?.key;
    };
    // Fresh sandboxes count from their own start, whatever the other workers created meanwhile.
    expect(await keyOf(sandbox.baseUrl)).toBe('v-0001');
    expect(await keyOf(neighbour)).toBe('v-0001');
    expect(await keyOf(sandbox.baseUrl)).toBe('v-0002');

    expect((await request.post(`${sandbox.baseUrl}/__mock/reset`)).ok()).toBe(true);
    const get = (base: string) => request.get(`${base}/api/v1/videos/v-0001`, { headers: auth });
    expect((await get(sandbox.baseUrl)).status()).toBe(404);
    expect((await get(neighbour)).status()).toBe(200);
  });
}
