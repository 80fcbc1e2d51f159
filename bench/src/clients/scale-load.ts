/**
 * The `scale` benchmark's load generator, in its own process: autocannon (its API, since its CLI
 * cannot vary the path) sending `amount` GETs of video, each for a random key among the `size`
 * seeded videos (`setupRequest`), or, with `each`, every key once in order. A fixed number of
 * requests (not a duration) keeps the server's CPU ticks (10 ms) small beside the run, however
 * slow the shared machine is. Prints autocannon's summary as JSON on stdout, as `--json` does.
 * Usage: scale-load.ts BASE_URL SIZE random|each CONNECTIONS AMOUNT SEED
 */

import { seededRandom } from '@video-api/mock-server/node';
import autocannon from 'autocannon';
import { AUTH } from '../servers/start.js';
import { scaleKey } from './scale-seed.js';

const [url, sizeText, mode, connections, amount, seed] = process.argv.slice(2);
const size = Number(sizeText);
if (!url || !Number.isInteger(size) || (mode !== 'random' && mode !== 'each'))
  throw new Error(
    `usage: scale-load BASE_URL SIZE random|each CONNECTIONS AMOUNT SEED (got ${process.argv.slice(2).join(' ')})`,
  );

const next = seededRandom(Number(seed ?? 1));
let turn = 0;
const pick = mode === 'each' ? () => turn++ % size : () => Math.floor(next() * size);
const result = await autocannon({
  url,
  connections: Number(connections),
  amount: mode === 'each' ? size : Number(amount),
  headers: { authorization: AUTH },
  requests: [
    {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: `/api/v1/videos/${scaleKey(pick())}` }),
    },
  ],
});
process.stdout.write(`${JSON.stringify(result)}\n`);
