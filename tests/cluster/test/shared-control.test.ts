/**
 * A change of the control values made through one instance (a reading switched, the clock
 * advanced, a reset) is held by every other instance once its call answered: the very next request
 * to any of them plays it. Sent to the instances directly, round after round, each change through
 * another instance than the reads that follow it.
 */
import { describe, expect, it } from 'vitest';
import { createVideos, getVideo, send } from '../src/api.js';
import { clusterPerFile } from '../src/cluster-per-file.js';

const cluster = clusterPerFile('cluster_control');

type Readings = { readings: Record<string, string> };
type Clock = { now: number; iso: string };

describe('control changes through one instance hold on the next request to every other', () => {
  it('a reading switched', async () => {
    const instances = cluster().instances;
    for (let round = 0; round < 24; round++) {
      const through = instances[round % 3];
      const reading = round % 2 === 0 ? 'semantic' : 'all-200';
      if (!through) throw new Error('three instances');
      const set = await send<Readings>(through.url, 'PATCH', '/__mock/readings', { 'status-codes': reading });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      for (const other of instances) {
        const read = await send<Readings>(other.url, 'GET', '/__mock/readings');
        expect(
          read.body.readings['status-codes'],
          `round ${round}: ${other.upstream} after a switch on ${through.upstream}`,
        ).toBe(reading);
      }
      // and what a client sees: the create's status (the document's 200, or 201 under semantic)
      const other = instances[(round + 1) % 3];
      if (!other) throw new Error('three instances');
      const created = await createVideos(other.url, [`round ${round}`]);
      expect(created.status, `round ${round}: create on ${other.upstream}`).toBe(
        reading === 'semantic' ? 201 : 200,
      );
    }
  });

  it('the clock advanced, and a reset', async () => {
    const instances = cluster().instances;
    for (let round = 0; round < 12; round++) {
      const through = instances[round % 3];
      if (!through) throw new Error('three instances');
      const advanced = await send<Clock>(through.url, 'POST', '/__mock/clock/advance', { ms: 60_000 });
      expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
      for (const other of instances) {
        const clock = await send<Clock>(other.url, 'GET', '/__mock/clock');
        // the virtual clock moves with real time too: at least where the advance left it
        expect(clock.body.now, `round ${round}: ${other.upstream}`).toBeGreaterThanOrEqual(advanced.body.now);
      }
    }
    const [first] = instances;
    if (!first) throw new Error('three instances');
    const created = await createVideos(first.url, ['gone after the reset']);
    const key = (created.body[0] as { key: string }).key;
    const reset = await send(instances[1]?.url ?? '', 'POST', '/__mock/reset');
    expect(reset.status).toBeLessThan(300);
    for (const other of instances) {
      expect((await getVideo(other.url, key)).status, other.upstream).toBe(404);
      const read = await send<Readings>(other.url, 'GET', '/__mock/readings');
      expect(read.body.readings['status-codes'], other.upstream).toBe('all-200');
    }
  });
});
