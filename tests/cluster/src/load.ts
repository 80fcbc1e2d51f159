/**
 * Writes through the load balancer from several workers until told to stop: creates (two videos
 * each) and merges of fields no other worker writes, keeping only what was acknowledged (a 2xx
 * answer) and counting the rest by status or error. What a kill -9 mid-run is judged against.
 */
import { createVideos, putFields } from './api.js';

interface Acknowledged {
  /** Every key a 2xx create answered with, in order, with the instance that answered. */
  created: Array<{ key: string; upstream: string }>;
  /** Every field a 2xx merge acknowledged: video, name, value, instance. */
  merged: Array<{ key: string; name: string; value: number; upstream: string }>;
  /** Answers that were not 2xx, or requests that failed: `POST 502`, `PUT fetch failed`, … */
  refused: Map<string, number>;
}

export interface Load {
  acknowledged: Acknowledged;
  /** Stops the workers; resolves once each has finished its request in flight. */
  stop(): Promise<Acknowledged>;
}

/**
 * Starts `workers` loops against `base`: each turn a create or a merge into one of `videos`.
 *
 * @example
 * const load = startLoad(cluster.url, keys, 6);
 * await sleep(2000);
 * const acknowledged = await load.stop();
 */
export function startLoad(base: string, videos: string[], workers: number): Load {
  const acknowledged: Acknowledged = { created: [], merged: [], refused: new Map() };
  const refuse = (what: string) => acknowledged.refused.set(what, (acknowledged.refused.get(what) ?? 0) + 1);
  let running = true;
  const worker = async (w: number) => {
    for (let turn = 0; running; turn++) {
      const creating = turn % 3 === 0;
      try {
        if (creating) {
          const answer = await createVideos(base, [`w${w}-${turn}-a`, `w${w}-${turn}-b`], 'load');
          if (answer.status >= 300) refuse(`POST ${answer.status}`);
          else
            for (const { key } of answer.body) acknowledged.created.push({ key, upstream: answer.upstream });
        } else {
          const key = videos[turn % videos.length] as string;
          const name = `w${w}-t${turn}`;
          const answer = await putFields(base, key, { [name]: turn });
          if (answer.status >= 300) refuse(`PUT ${answer.status}`);
          else acknowledged.merged.push({ key, name, value: turn, upstream: answer.upstream });
        }
      } catch (error) {
        refuse(`${creating ? 'POST' : 'PUT'} ${(error as Error).message}`);
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  return {
    acknowledged,
    async stop() {
      running = false;
      await done;
      return acknowledged;
    },
  };
}
