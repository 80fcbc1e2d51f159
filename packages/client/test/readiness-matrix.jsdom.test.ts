/**
 * The readiness combinations under msw in Vitest's jsdom environment.
 *
 * @vitest-environment jsdom
 */

import { mswMock } from './support/msw-mock.js';
import { describeReadinessMatrix } from './support/readiness-matrix.js';

describeReadinessMatrix('under msw in jsdom', async () => {
  const msw = mswMock();
  return { client: msw.client, close: msw.close };
});
