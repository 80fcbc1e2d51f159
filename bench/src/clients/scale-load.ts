/**
 * The `scale` benchmark's load generator, in its own process: autocannon (its API, since its CLI
 * cannot vary the path) sending GET video for a random key among the `size` seeded videos on
 * every request (`setupRequest`), or, with `each`, every key once in order. Prints autocannon's
 * summary as JSON on stdout, as `autocannon --json` does.
 * Usage: scale-load.ts BASE_URL SIZE random|each CONNECTIONS SECONDS SEED
 */

import { seededRandom } from '@video-api/mock-server';
import autocannon from 'autocannon';
import { AUTH } from '../servers/start.js';
import { scaleKey } from './scale-seed.js';

const [url, sizeText, mode, connections, seconds, seed] = process.argv.slice(2);
const size = Number(sizeText);
if (!url || !Number.isInteger(size) || (mode !== 'random' && mode !== 'each'))
  throw new Error(
    `usage: scale-load BASE_URL SIZE random|each CONNECTIONS SECONDS SEED (got ${process.argv.slice(2).join(' ')})`,
  );

const next = seededRandom(Number(seed ?? 1));
let turn = 0;
const pick = mode === 'each' ? () => turn++ % size : () => Math.floor(next() * size);
const result = await autocannon({
  url,
  connections: Number(connections),
  ...(mode === 'each' ? { amount: size } : { duration: Number(seconds) }),
  headers: { authorization: AUTH },
  requests: [
    {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: `/api/v1/videos/${scaleKey(pick())}` }),
    },
  ],
});
process.stdout.write(`${JSON.stringify(result)}\n`);
