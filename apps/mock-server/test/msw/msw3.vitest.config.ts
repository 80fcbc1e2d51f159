/**
 * The msw tests against another copy of msw, e.g. msw 3 (which declares Node >= 22.12, so it cannot
 * be a dev dependency of this Node 20 workspace). Install it outside the workspace and point
 * MSW_DIR at its package folder, then run with Node 22.12+ from apps/mock-server:
 *
 *   npm install --prefix /some/dir msw@3 node@24
 *   MSW_DIR=/some/dir/node_modules/msw /some/dir/node_modules/.bin/node \
 *     ../../node_modules/vitest/vitest.mjs run --config test/msw/msw3.vitest.config.ts test/msw
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedConfig } from '../../../../vitest.shared.js';

const dir = process.env.MSW_DIR;
if (!dir) throw new Error('MSW_DIR: the folder of the msw package to test against (see the comment on top)');
const lib = `${dir.replace(/\/+$/, '')}/lib`;

export default mergeConfig(
  sharedConfig,
  defineConfig({
    resolve: {
      alias: [
        { find: /^msw$/, replacement: `${lib}/core/index.js` },
        { find: /^msw\/node$/, replacement: `${lib}/node/index.js` },
        { find: /^msw\/browser$/, replacement: `${lib}/browser/index.js` },
      ],
    },
    test: { include: ['test/msw/**/*.test.ts'], reporters: ['default'] },
  }),
);
