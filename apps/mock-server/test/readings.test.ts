/**
 * Every reading of every unknown, selected three ways (X-Mock-Reading header, createApp option,
 * --reading flag), with a test that shows its effect. The table is typed over the registry and
 * checked against it at run time: a new unknown or reading without a row fails here.
 */

import { idsWithReadings, readingsOf, type UnspecifiedIdWithReadings } from '@video-api/schema';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../src/node/cli/cli-args.js';
import type { MockOptions } from '../src/types.js';
import type { Effect, Table } from './readings/context.js';
import { apiEffects } from './readings/effects-api.js';
import { conditionEffects } from './readings/effects-conditions.js';
import { createEffects } from './readings/effects-create.js';
import { fieldEffects } from './readings/effects-fields.js';
import { formatEffects } from './readings/effects-formats.js';
import { inputEffects } from './readings/effects-inputs.js';
import { recordEffects } from './readings/effects-records.js';
import { webhookEffects } from './readings/effects-webhooks.js';
import { api, played } from './support/api.js';

/** Options each unknown needs to show its effect quickly (small limits). */
const SETUP: Partial<Record<UnspecifiedIdWithReadings, MockOptions>> = {
  'rate-limits': { rateLimit: { requests: 3, windowMs: 60_000 } },
  'field-length-limits': { maxFieldLength: 10 },
  'videos-per-create-limit': { maxVideosPerCreate: 2 },
  'file-size-limit': { maxUploadBytes: 10 },
  'auth-get-video': { tokens: ['mock-token', 'other'] },
  'auth-update-custom-fields': { tokens: ['mock-token', 'other'] },
};

const table: Table = {
  ...apiEffects,
  ...conditionEffects,
  ...createEffects,
  ...fieldEffects,
  ...formatEffects,
  ...inputEffects,
  ...recordEffects,
  ...webhookEffects,
};

const rows = idsWithReadings.flatMap((id) =>
  readingsOf(id).map((reading) => [id, reading] as [UnspecifiedIdWithReadings, string]),
);

describe('the table covers the registry', () => {
  it('has a row for every unknown with readings and every reading, and no other', () => {
    const covered = Object.entries(table).flatMap(([id, readings]) =>
      Object.keys(readings).map((r) => `${id}=${r}`),
    );
    expect(covered.sort()).toEqual(rows.map(([id, r]) => `${id}=${r}`).sort());
  });
});

const modes = {
  header: (id: string, reading: string) => ({ options: {}, init: { reading: `${id}=${reading}` } }),
  option: (id: string, reading: string) => ({ options: { readings: { [id]: reading } }, init: {} }),
  flag: (id: string, reading: string) => {
    // Stand-in bytes are uploaded: the CLI's default transcoding would fail them (no video in them).
    const flags = ['--log-level', 'silent', '--transcode', 'off'];
    const { options } = parseCliArgs(['--reading', `${id}=${reading}`, ...flags]);
    return { options, init: {} };
  },
};

for (const [mode, select] of Object.entries(modes)) {
  describe(`readings selected by ${mode}`, () => {
    it.each(rows)('%s=%s shows its effect', async (id, reading) => {
      const { options, init } = select(id, reading);
      const h = api({ ...SETUP[id], ...options });
      const effect = (table[id] as Record<string, Effect>)[reading] as Effect;
      await effect({
        h,
        init,
        playedIt: (res) =>
          expect(played(res)[id], `X-Mock-Readings: ${res.headers.get('x-mock-readings')}`).toBe(reading),
      });
    });
  });
}

describe('RequestReadings.seal', () => {
  it('marks the header as written until another reading is read', async () => {
    const { RequestReadings } = await import('../src/readings/request-readings.js');
    const { readingSet } = await import('../src/readings/choice.js');
    const readings = new RequestReadings(readingSet());
    expect(readings.unsealed()).toBe(false);
    readings.get('custom-fields-omitted');
    expect(readings.unsealed()).toBe(true);
    expect(readings.seal()).toBe('custom-fields-omitted=merge');
    expect(readings.unsealed()).toBe(false);
    readings.get('custom-fields-omitted');
    expect(readings.unsealed()).toBe(false);
    readings.get('error-shape');
    expect(readings.unsealed()).toBe(true);
    expect(readings.header()).toBe('custom-fields-omitted=merge, error-shape=problem-json');
  });
});

describe('a reading chosen twice', () => {
  it('is refused in X-Mock-Reading when the two differ, naming both', async () => {
    const { app } = api();
    const res = await app.request('/api/v1/videos/v-0001', {
      headers: {
        authorization: 'Bearer mock-token',
        'x-mock-reading': 'error-shape=error-object, error-shape=message-object',
      },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(
      'error-shape is given twice, as error-object and as message-object (give one reading per id)',
    );
  });

  it('is refused on the command line too, and accepted when both say the same', () => {
    expect(() =>
      parseCliArgs(['--reading', 'status-codes=semantic', '--reading', 'status-codes=all-200']),
    ).toThrow('status-codes is given twice');
    expect(
      parseCliArgs(['--reading', 'status-codes=semantic', '--reading', 'status-codes=semantic']).options
        .readings,
    ).toEqual({ 'status-codes': 'semantic' });
  });
});
