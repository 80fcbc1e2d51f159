/** startOwnCluster: a cluster of one test's own, stopped (a real outage) and started again on the same port with its data. */
import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { type OwnCluster, startOwnCluster } from '../src/index.js';
import { queryOnce } from '../src/postgres-query.js';

let cluster: OwnCluster | undefined;
afterAll(() => cluster?.dispose());

describe('startOwnCluster', () => {
  it('stops for real and comes back on the same port with the same data', async () => {
    cluster = await startOwnCluster();
    const { url, port } = cluster;
    expect(url).toBe(`postgres://postgres@127.0.0.1:${port}/postgres`);
    await queryOnce(url, 'create table kept (id int primary key); insert into kept values (7)');

    await cluster.stop();
    await expect(queryOnce(url, 'select 1', { timeoutMs: 2000 })).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });

    await cluster.start();
    expect(cluster.port).toBe(port);
    expect(await queryOnce(url, 'select id from kept')).toEqual([{ id: 7 }]);
  }, 60_000);

  it('lets the OS user connect as itself (root gets a superuser role)', async () => {
    const { userInfo } = await import('node:os');
    const me = userInfo().username;
    const url = `postgres://${me}@127.0.0.1:${cluster?.port}/postgres`;
    expect(await queryOnce(url, 'select current_user as me')).toEqual([{ me }]);
  });

  it('removes its folder on dispose, and nothing answers on its port', async () => {
    const own = cluster as OwnCluster;
    await own.dispose();
    expect(existsSync(own.dir)).toBe(false);
    await expect(queryOnce(own.url, 'select 1', { timeoutMs: 2000 })).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  }, 30_000);
});
