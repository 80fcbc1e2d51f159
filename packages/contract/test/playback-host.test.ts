/**
 * The HLS address is on the streaming domain, not the API (§2): a playback host that refuses
 * connections fails the playback check with the host named, and the run goes on.
 */
import { refusedUrl } from '@video-api/test-support';
import { describe, expect, it } from 'vitest';
import type { Target } from '../src/support/types.js';
import { failures, observation, runAgainstMock, skipped } from './helpers.js';

const PLAYBACK = 'the HLS address of a ready video serves an HLS playlist';

/** The API answered in-process; any other host (the streaming one) over the network. */
const networkElsewhere =
  (fetch: Target['fetch']): Target['fetch'] =>
  (request) =>
    new URL(request.url).host === 'mock.local' ? fetch(request) : globalThis.fetch(request);

async function withRefusingPlaybackHost(readings: Record<string, string> = {}) {
  const streamingBase = await refusedUrl();
  const report = await runAgainstMock(readings, networkElsewhere, { mockOptions: { streamingBase } });
  return { report, host: new URL(streamingBase).host };
}

describe('a playback host that refuses connections', () => {
  it('fails the playback check with the host named; every other check runs and passes', async () => {
    const { report, host } = await withRefusingPlaybackHost();
    expect(failures(report)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^§2 ${PLAYBACK}: the playback host ${host} did not answer: GET http://${host}/hls/[^ ]+\\.m3u8: no answer from ${host} \\(ECONNREFUSED\\)$`,
        ),
      ),
    ]);
    expect(report.stoppedEarly).toBeUndefined();
    expect(skipped(report)).toEqual([]);
    expect(report.observations.filter((o) => o.verdict !== 'observed')).toEqual([]);
  });

  it('when readiness can only be read from the playlist, readiness is not decided, naming the host, and the run goes on', async () => {
    const { report, host } = await withRefusingPlaybackHost({ 'readiness-field': 'playback-only' });
    expect(failures(report)).toEqual([
      expect.stringMatching(new RegExp(`^§2 ${PLAYBACK}: the playback host ${host} `)),
    ]);
    expect(report.stoppedEarly).toBeUndefined();
    expect(skipped(report).map((c) => c.name)).toEqual([
      'an uploaded video becomes ready',
      'the client waits until the uploaded video is ready',
    ]);
    expect(skipped(report)[0]?.detail).toMatch(
      new RegExp(
        `^not decided: readiness can only be read from the HLS playlist, whose host does not answer \\(GET http://${host}/`,
      ),
    );
    expect(observation(report, 'readiness-field')).toMatchObject({
      verdict: 'observed',
      reading: 'playback-only',
    });
    expect(report.summary.passed).toBeGreaterThan(25);
  });
});

describe('against the mock', () => {
  it('the playback check reads the playlist of the ready video', async () => {
    const report = await runAgainstMock();
    expect(report.checks.find((c) => c.name === PLAYBACK)).toMatchObject({
      verdict: 'pass',
      detail: expect.stringMatching(/^200 .*mpegurl.*, an HLS playlist$/i),
    });
  });
});
