/**
 * The custom-fields-omitted probe knows a reading by what it predicts the probe's writes leave: its
 * writes must tell every reading of the spec apart, and each reading's own read-back shows only it.
 */
import { idsWithReadings, type ReadingOf, unspecified } from '@video-api/schema';
import { describe, expect, it } from 'vitest';
import { OMITTED_SIGNS, predictedOmitted } from '../src/probes/custom-fields.js';
import { recognise } from '../src/support/signs.js';

type Reading = ReadingOf<'custom-fields-omitted'>;
const readings = Object.keys(unspecified['custom-fields-omitted'].readings) as Reading[];

describe('the custom-fields-omitted probe', () => {
  it('has one sign per reading of the spec', () => {
    expect(idsWithReadings).toContain('custom-fields-omitted');
    expect(Object.keys(OMITTED_SIGNS).sort()).toEqual([...readings].sort());
  });

  it('writes what tells every reading from every other (no two readings predict the same read-back)', () => {
    const alike = readings.flatMap((a, i) =>
      readings
        .slice(i + 1)
        .filter((b) => JSON.stringify(predictedOmitted(a)) === JSON.stringify(predictedOmitted(b)))
        .map((b) => `${a} = ${b}`),
    );
    expect(alike).toEqual([]);
  });

  it.each(readings)('recognises %s from its own read-back, and only it', (reading) => {
    const others = { note: 'omitted probe, second write', other: 'kept or not' };
    expect(recognise(OMITTED_SIGNS, { ...others, ...predictedOmitted(reading) }, '').reading).toBe(reading);
  });

  it('reads a field shown as null as gone, and a value no reading predicts as other', () => {
    expect(recognise(OMITTED_SIGNS, { views: null }, '').reading).toBe('replace');
    expect(recognise(OMITTED_SIGNS, { views: 8 }, '').reading).toBe('other');
  });
});
