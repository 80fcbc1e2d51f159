/** Probes of the video record: record fields and custom field formats (§2), states (§3). */

import {
  allStateWords,
  meaningOf,
  type ReadingOf,
  readingsOf,
  stateWords,
  type VideoState,
} from '@video-api/schema';
import { readingSchemas } from '@video-api/schema/zod';
import type { Context } from '../context/context.js';
import { refuse5xx } from '../support/evidence.js';
import { describe, type Exchange, isSuccess } from '../support/http.js';
import { showText, showValue, VALUE_PREFIX } from '../support/shown.js';
import { recognise, type Signs } from '../support/signs.js';
import { isFailedWord } from '../support/state-words.js';

const LISTED = new Set(['videoKey', 'simpleCustomFields']);
const ALL_WORDS: readonly string[] = allStateWords;

/** The members a reading of `readiness-field` adds to the record, from its schema in the spec. */
const addedFor = (reading: ReadingOf<'readiness-field'>): readonly string[] =>
  (meaningOf('readiness-field', reading).schema as { required?: readonly string[] }).required ?? [];

/** The record's fields beyond those §4.3 lists (and the readiness and format members). */
const RECORD_FIELDS: Signs<'video-record-fields', string[]> = {
  'with-extra-fields': (extra) => extra.length > 0 && `fields beyond the listed ones: ${extra.join(', ')}`,
  'listed-only': (extra) => extra.length === 0,
};

export async function probeRecordFields(ctx: Context, exchange: Exchange) {
  return ctx.observe('video-record-fields', async () => {
    refuse5xx(exchange);
    const video = exchange.json as Record<string, unknown> | undefined;
    if (!isSuccess(exchange.status) || !video)
      return { notObserved: `get-video gave no record: ${describe(exchange)}` };
    const readiness = ctx.reading('readiness-field');
    // The member the readiness reading adds to the record (its schema in the spec), none for other.
    const readinessMembers = readiness === undefined || readiness === 'other' ? [] : addedFor(readiness);
    const extra = Object.keys(video).filter(
      (k) => !LISTED.has(k) && !FORMAT_MEMBERS.has(k) && !readinessMembers.includes(k),
    );
    return recognise(RECORD_FIELDS, extra, `fields: ${Object.keys(video).join(', ')}`);
  });
}

/**
 * The alternative formats of custom fields (`custom-field-formats`): their readings' members (from
 * the spec's meaning), and the reading of a record: the one whose schema it matches that adds the
 * most members.
 */
const formatReadings = readingsOf('custom-field-formats');
const addedBy = (reading: ReadingOf<'custom-field-formats'>): readonly string[] =>
  (meaningOf('custom-field-formats', reading).schema as { required?: readonly string[] }).required ?? [];
const FORMAT_MEMBERS = new Set(formatReadings.flatMap(addedBy));

export async function probeFieldFormats(ctx: Context, exchange: Exchange) {
  return ctx.observe('custom-field-formats', async () => {
    refuse5xx(exchange);
    const video = exchange.json as Record<string, unknown> | undefined;
    if (!isSuccess(exchange.status) || !video)
      return { notObserved: `get-video gave no record: ${describe(exchange)}` };
    const schemas = readingSchemas['custom-field-formats'];
    const matching = formatReadings
      .filter((reading) => schemas[reading].safeParse(video).success)
      .sort((a, b) => addedBy(b).length - addedBy(a).length);
    const members = Object.keys(video).filter((k) => FORMAT_MEMBERS.has(k));
    const evidence = `members beside simpleCustomFields: ${members.join(', ') || 'none'}`;
    return { reading: matching[0] ?? 'other', evidence };
  });
}

/** Names the state set from every `status` seen over a video's life (only visible under status-string). */
export async function probeStates(ctx: Context, seen: Exchange[]) {
  return ctx.observe('video-states', async () => {
    if (ctx.reading('readiness-field') !== 'status-string') {
      return { notObserved: 'states are not visible: the record shows no status field' };
    }
    const states = [
      ...new Set(
        seen
          .filter((e) => isSuccess(e.status)) // an error answer (a 5xx above all) shows no state
          .map((e) => (e.json as { status?: unknown } | undefined)?.status)
          .filter((s) => typeof s === 'string'),
      ),
    ] as string[];
    const unknown = states.filter((s) => !ALL_WORDS.includes(s) && !isFailedWord(s));
    const evidence = `states seen in order: ${states.map((s) => showText(s, VALUE_PREFIX)).join(' → ')}${
      unknown.length > 0
        ? ` (not among the readings' states: ${unknown.map((s) => showValue(s)).join(', ')})`
        : ''
    }${ctx.readyBeforeUpload ? '; ready before any upload' : ''}`;
    // The reading whose words hold every state seen; of several, the one with the fewest words
    // (basic's words are among detailed's).
    const fitting = readingsOf('video-states')
      .filter((reading) => states.every((s) => stateWords(reading).includes(s as VideoState)))
      .sort((a, b) => stateWords(a).length - stateWords(b).length);
    return { reading: fitting[0] ?? 'other', evidence };
  });
}
