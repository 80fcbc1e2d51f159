/**
 * Remembered representation texts: always the text videoRepresentation would give, remembered only
 * for records that cannot change, for every such record read (none forgotten while its record is
 * stored), and naming the same readings as played.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readingSet } from '../../src/readings/choice.js';
import { RequestReadings } from '../../src/readings/request-readings.js';
import { frozenCopy } from '../../src/shared/deep-freeze.js';
import { VirtualClock } from '../../src/state/clock.js';
import { ShapeTextCache } from '../../src/state/shape-text-cache.js';
import { videoRepresentation } from '../../src/state/video-shapes.js';
import type { FieldDefinition, Phase, VideoRecord } from '../../src/types.js';

const clock = new VirtualClock(false, Date.parse('2026-11-22T08:00:00Z'));
const BASE = 'http://mock.test';
const PHASES: Phase[] = ['created', 'uploading', 'uploaded', 'processing', 'ready', 'failed'];
/** The defined fields (read under custom-field-types=any-json); a test may change them. */
let definitions: FieldDefinition[] = [{ name: 'note' }, { name: 'views' }];
const defined = () => definitions;

const record = (key: string, customFields: VideoRecord['customFields'] = { note: 'hi' }): VideoRecord => ({
  key,
  title: `Video ${key}`,
  projectKey: 'demo',
  owner: 'token',
  customFields,
  phase: 'created',
  createdAt: clock.now(),
  updatedAt: clock.now() + 5,
  schedule: [],
});

type Choice = Parameters<typeof readingSet>[0];
const readingsOf = (choice: Choice = {}) => new RequestReadings(readingSet(choice));
const fresh = (stored: VideoRecord, phase: Phase, choice: Choice = {}) =>
  JSON.stringify(videoRepresentation(stored, phase, readingsOf(choice), BASE, clock, defined));

describe('ShapeTextCache', () => {
  it('gives the same text again for a stored record, without building it again', () => {
    const texts = new ShapeTextCache();
    const stored = frozenCopy(record('v-1'));
    const first = texts.text(stored, 'ready', readingsOf(), BASE, clock, defined);
    expect(first).toBe(fresh(stored, 'ready'));
    expect(texts.rememberedCount).toBe(1);
    expect(texts.text(stored, 'ready', readingsOf(), BASE, clock, defined)).toBe(first);
    expect(texts.rememberedCount).toBe(1);
  });

  it('builds the text again when the phase, a shape reading or the streaming base differ', () => {
    const texts = new ShapeTextCache();
    const stored = frozenCopy(record('v-1'));
    texts.text(stored, 'processing', readingsOf(), BASE, clock, defined);
    expect(texts.text(stored, 'ready', readingsOf(), BASE, clock, defined)).toBe(fresh(stored, 'ready'));
    const flag = { 'readiness-field': 'ready-flag' } as const;
    expect(texts.text(stored, 'ready', readingsOf(flag), BASE, clock, defined)).toBe(
      fresh(stored, 'ready', flag),
    );
    const detailed = { 'video-states': 'detailed' } as const;
    expect(texts.text(stored, 'uploaded', readingsOf(detailed), BASE, clock, defined)).toBe(
      fresh(stored, 'uploaded', detailed),
    );
    const other = texts.text(stored, 'ready', readingsOf(), 'https://cdn.test', clock, defined);
    expect(other).toContain('https://cdn.test/hls/v-1/playlist.m3u8');
  });

  it('keys the text by the list-order reading: a list written [a, b, c] reads back each way', () => {
    const texts = new ShapeTextCache();
    const stored = frozenCopy(record('v-1', { topics: ['a', 'b', 'c'] }));
    const kept = texts.text(stored, 'ready', readingsOf(), BASE, clock, defined);
    const anyOrder = { 'list-order': 'any-order' } as const;
    const moved = texts.text(stored, 'ready', readingsOf(anyOrder), BASE, clock, defined);
    expect(JSON.parse(kept).simpleCustomFields.topics).toEqual(['a', 'b', 'c']);
    expect(JSON.parse(moved).simpleCustomFields.topics).toEqual(['b', 'c', 'a']);
    expect(texts.text(stored, 'ready', readingsOf(), BASE, clock, defined)).toBe(kept);
    expect(stored.customFields.topics).toEqual(['a', 'b', 'c']);
  });

  it('builds the text afresh under custom-field-types=any-json, as the definitions change apart from records', () => {
    const texts = new ShapeTextCache();
    const stored = frozenCopy(record('v-1', { note: 'hi' }));
    const anyJson = { 'custom-field-types': 'any-json' } as const;
    const before = JSON.parse(texts.text(stored, 'ready', readingsOf(anyJson), BASE, clock, defined));
    expect(before.simpleCustomFields).toEqual({ note: 'hi', views: null });
    definitions = [{ name: 'note' }, { name: 'featured' }];
    try {
      const after = JSON.parse(texts.text(stored, 'ready', readingsOf(anyJson), BASE, clock, defined));
      expect(after.simpleCustomFields).toEqual({ note: 'hi', featured: null });
    } finally {
      definitions = [{ name: 'note' }, { name: 'views' }];
    }
    expect(texts.rememberedCount).toBe(0);
  });

  it('does not remember the text of a write (remember false), but gives it', () => {
    const texts = new ShapeTextCache();
    const stored = frozenCopy(record('v-1'));
    expect(texts.text(stored, 'ready', readingsOf(), BASE, clock, defined, false)).toBe(
      fresh(stored, 'ready'),
    );
    expect(texts.rememberedCount).toBe(0);
  });

  it('does not remember a record that is not a frozen stored copy (it could change)', () => {
    const texts = new ShapeTextCache();
    const mutable = record('v-1');
    expect(texts.text(mutable, 'ready', readingsOf(), BASE, clock, defined)).toBe(fresh(mutable, 'ready'));
    mutable.customFields.note = 'changed';
    expect(texts.text(mutable, 'ready', readingsOf(), BASE, clock, defined)).toContain('"note":"changed"');
    expect(texts.rememberedCount).toBe(0);
  });

  it('remembers the text of every stored record read, however many: a second pass builds none', () => {
    const texts = new ShapeTextCache();
    const records = Array.from({ length: 1100 }, (_, i) => frozenCopy(record(`v-${i}`)));
    const first = records.map((stored) => texts.text(stored, 'ready', readingsOf(), BASE, clock, defined));
    expect(texts.rememberedCount).toBe(1100);
    const again = records.map((stored) => texts.text(stored, 'ready', readingsOf(), BASE, clock, defined));
    expect(again).toEqual(first);
    expect(texts.rememberedCount).toBe(1100);
    texts.clear();
    expect(texts.rememberedCount).toBe(0);
    texts.text(records[0] as VideoRecord, 'ready', readingsOf(), BASE, clock, defined);
    expect(texts.rememberedCount).toBe(1);
  });

  it('remembers a record under the shape it was read last, and a replaced record afresh', () => {
    const texts = new ShapeTextCache();
    const stored = frozenCopy(record('v-1', { note: 'old' }));
    texts.text(stored, 'ready', readingsOf(), BASE, clock, defined);
    const flag = { 'readiness-field': 'ready-flag' } as const;
    texts.text(stored, 'ready', readingsOf(flag), BASE, clock, defined);
    expect(texts.rememberedCount).toBe(1);
    const replaced = frozenCopy({ ...stored, customFields: { note: 'new' } });
    expect(texts.text(replaced, 'ready', readingsOf(), BASE, clock, defined)).toContain('"note":"new"');
    expect(texts.rememberedCount).toBe(2);
  });

  it.each(
    PHASES.flatMap((phase) =>
      (['status-string', 'ready-flag', 'playback-only'] as const).flatMap((readiness) =>
        (['listed-forms', 'any-json'] as const).map((types) => [phase, readiness, types] as const),
      ),
    ),
  )('names the same readings as played, remembered or not (%s, %s, %s)', (phase, readiness, types) => {
    const texts = new ShapeTextCache();
    const stored = frozenCopy(record('v-1'));
    const choice = { 'readiness-field': readiness, 'custom-field-types': types } as const;
    const direct = readingsOf(choice);
    videoRepresentation(stored, phase, direct, BASE, clock, defined);
    for (let time = 0; time < 2; time++) {
      const through = readingsOf(choice);
      texts.text(stored, phase, through, BASE, clock, defined);
      expect(through.header()).toBe(direct.header());
    }
  });

  it('always equals the text built afresh (property)', () => {
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    );
    const choice = fc.record({
      'readiness-field': fc.constantFrom('status-string', 'ready-flag', 'playback-only'),
      'video-states': fc.constantFrom('basic', 'detailed'),
      'video-record-fields': fc.constantFrom('with-extra-fields', 'listed-only'),
      'list-order': fc.constantFrom('kept', 'any-order'),
      'custom-field-types': fc.constantFrom('listed-forms', 'any-json'),
    });
    const texts = new ShapeTextCache();
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1 }), value, { maxKeys: 5 }),
        fc.constantFrom(...PHASES),
        choice,
        fc.boolean(),
        (fields, phase, picked, stored) => {
          const source = record('v-1', fields);
          const subject = stored ? frozenCopy(source) : source;
          for (let time = 0; time < 2; time++) {
            expect(texts.text(subject, phase, readingsOf(picked), BASE, clock, defined)).toBe(
              fresh(subject, phase, picked),
            );
          }
        },
      ),
    );
  });
});
