/**
 * The app's routes keep Hono on its RegExpRouter: one route shaped in a way it cannot take (a
 * `:param` beside a static name at the same level, a `:param{regex}`) makes Hono fall back to the
 * TrieRouter for every request, about 10% more CPU per GET (measured with bench mock-ab).
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/node/index.js';
import { createApp as createPortableApp } from '../../src/portable.js';

type Routed = { router: { name: string; activeRouter?: { name: string } } };

describe("the app's router", () => {
  it.each([
    ['Node', createApp],
    ['portable', createPortableApp],
  ])('stays the RegExpRouter (%s app)', async (_, create) => {
    const app = create({ tokens: ['t'] });
    // Hono's SmartRouter picks its router on the first match.
    await app.request('/api/v1/videos/v-0001', { headers: { authorization: 'Bearer t' } });
    const { router } = app as unknown as Routed;
    expect(router.activeRouter?.name ?? router.name).toBe('RegExpRouter');
    await app.mock.close();
  });
});
