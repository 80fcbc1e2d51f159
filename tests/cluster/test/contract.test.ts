/**
 * The contract suite (its CLI) through nginx over three instances on one database: it passes with
 * the default readings and with every instance playing `status-codes=semantic`, and each instance
 * served a share of its requests (their request log lines).
 */
import { createTestDatabase, type TestDatabase } from '@video-api/test-support';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../src/cluster.js';
import { runContractCli } from '../src/contract.js';
import { servedCount } from '../src/instance.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function clusterPlaying(name: string, args: string[]): Promise<Cluster> {
  const db: TestDatabase = await createTestDatabase(`cluster_contract_${name}`);
  cleanups.push(() => db.drop());
  const cluster = await startCluster({ databaseUrl: db.url, args: ['--processing-ms', '150', ...args] });
  cleanups.push(() => cluster.stop());
  return cluster;
}

describe('the contract suite through nginx over three instances', () => {
  it.each([
    ['default', 'all-200', []],
    ['semantic', 'semantic', ['--reading', 'status-codes=semantic']],
  ])('passes with the %s readings', async (name, statusCodes, args) => {
    const cluster = await clusterPlaying(name, args);
    const run = await runContractCli(cluster.url);
    const { summary } = run.report;
    const failed = run.report.checks.filter((check) => check.verdict === 'fail');
    expect(run.code, `${JSON.stringify(failed, null, 1)}\n${run.output}`).toBe(0);
    expect(failed).toEqual([]);
    expect(summary.passed).toBeGreaterThan(20);
    // the suite saw the reading all three instances play
    expect(run.report.observations.find((o) => o.id === 'status-codes')).toMatchObject({
      verdict: 'observed',
      reading: statusCodes,
    });
    // and the webhooks' defaults, delivered by whichever instance took each delivery
    expect(run.report.observations.find((o) => o.id === 'webhook-delivery')).toMatchObject({
      verdict: 'observed',
      reading: 'once-in-order',
    });
    const served = cluster.instances.map(servedCount);
    for (const [i, count] of served.entries()) {
      expect(count, `requests served by ${cluster.instances[i]?.upstream}`).toBeGreaterThan(
        summary.passed / 3,
      );
    }
    console.log(
      `contract (${name}) through nginx: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped ` +
        `in ${(run.ms / 1000).toFixed(1)} s; requests per instance ${served.join(', ')}`,
    );
  });
});
