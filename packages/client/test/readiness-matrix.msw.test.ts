/** The readiness combinations under msw's setupServer in Node (no DOM). */

import { mswMock } from './support/msw-mock.js';
import { describeReadinessMatrix } from './support/readiness-matrix.js';

describeReadinessMatrix('under msw in Node', async () => {
  const msw = mswMock();
  return { client: msw.client, close: msw.close };
});
