/** Probes of the video record: readiness field (§4.3), record fields and custom field formats (§2), states (§3). */

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
import { isFailedWord, isReadyWord, settledBy } from '../support/state-words.js';

/** Names of a field that looks like a state under another name than `status`. */
const STATE_LIKE =
  /^(state|status|phase|stage|processing[-_]?(state|status)|video[-_]?(state|status)|readiness)$/i;
const LISTED = new Set(['videoKey', 'simpleCustomFields']);
const ALL_WORDS: readonly string[] = allStateWords;

/** Decides how readiness shows, from a video that was created but not uploaded, and sets the predicate. */
export async function probeReadiness(ctx: Context, beforeUpload: Exchange, playbackUrl: string | undefined) {
  return ctx.observe('readiness-field', async () => {
    const video = beforeUpload.json as Record<string, unknown> | undefined;
    if (!isSuccess(beforeUpload.status) || !video) {
      return { notObserved: `get-video of a new video failed: ${describe(beforeUpload)}` };
    }
    let found: { reading: ReadingOf<'readiness-field'> | 'other'; evidence: string };
    // The playlist is on the streaming host, not the API: a host that does not answer does not stop
    // the run (the playback check fails it, naming the host); it only shows no readiness.
    let unanswered: string | undefined;
    if (typeof video.status === 'string') {
      ctx.isReady = async (v) => typeof v.status === 'string' && isReadyWord(v.status);
      ctx.settledState = (v) => settledBy(typeof v.status === 'string' ? v.status : '');
      found = { reading: 'status-string', evidence: `before upload: status ${showValue(video.status)}` };
    } else if (typeof video.ready === 'boolean') {
      ctx.isReady = async (v) => v.ready === true;
      found = { reading: 'ready-flag', evidence: `before upload: ready ${video.ready}` };
    } else {
      const playback = playbackUrl;
      const playable = async () => {
        if (playback === undefined) return false;
        const got = await ctx.api.fetchPlayback(playback);
        if ('noAnswer' in got) unanswered ??= got.noAnswer.message;
        return 'exchange' in got && isSuccess(got.exchange.status);
      };
      const stateField = Object.keys(video).find(
        (k) => STATE_LIKE.test(k) && typeof video[k] === 'string' && k !== 'status',
      );
      if (playback) ctx.isReady = playable;
      if (stateField) {
        // Not one of the readings: a state under another name. Its words are read like `status`
        // words, with the playlist as a second sign of readiness.
        const word = (v: Record<string, unknown>) => (typeof v[stateField] === 'string' ? v[stateField] : '');
        ctx.isReady = async (v) => isReadyWord(word(v)) || (await playable());
        ctx.settledState = (v) => settledBy(word(v));
        found = {
          reading: 'other',
          evidence: `no status or ready field, but a state-like string field ${showValue(stateField)}: ${showValue(video[stateField])} before upload (fields: ${showText(Object.keys(video).join(', '), VALUE_PREFIX)})`,
        };
      } else
        found = {
          reading: 'playback-only',
          evidence: `no status or ready field (fields: ${showText(Object.keys(video).join(', '), VALUE_PREFIX)}); readiness is read from the HLS playlist`,
        };
    }
    // §3 says a video is processed after its upload, not whether it may show ready before one.
    if (ctx.isReady && (await ctx.isReady(video, String(video.videoKey)))) {
      ctx.readyBeforeUpload = true;
      found.evidence += '; the video already shows ready before any upload';
    }
    if (unanswered !== undefined && found.reading === 'playback-only') {
      ctx.readinessUnknown = `readiness can only be read from the HLS playlist, whose host does not answer (${unanswered})`;
      found.evidence += `; the playlist's host does not answer (${unanswered})`;
    }
    return found;
  });
}

export async function probeRecordFields(ctx: Context, exchange: Exchange) {
  return ctx.observe('video-record-fields', async () => {
    refuse5xx(exchange);
    const video = exchange.json as Record<string, unknown> | undefined;
    if (!isSuccess(exchange.status) || !video)
      return { notObserved: `get-video gave no record: ${describe(exchange)}` };
    const readiness = ctx.reading('readiness-field');
    const extra = Object.keys(video).filter(
      (k) =>
        !LISTED.has(k) &&
        !FORMAT_MEMBERS.has(k) &&
        !(readiness === 'status-string' && k === 'status') &&
        !(readiness === 'ready-flag' && k === 'ready'),
    );
    return extra.length > 0
      ? { reading: 'with-extra-fields', evidence: `fields beyond the listed ones: ${extra.join(', ')}` }
      : { reading: 'listed-only', evidence: `fields: ${Object.keys(video).join(', ')}` };
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
