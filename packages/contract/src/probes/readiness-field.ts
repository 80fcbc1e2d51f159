/**
 * The readiness probe (§4.3: the field that shows readiness is not shown): decides from a video
 * created but not uploaded how readiness shows, and gives the context the predicate to wait with.
 */
import type { Context } from '../context/context.js';
import { describe, type Exchange, isSuccess } from '../support/http.js';
import { showText, showValue, VALUE_PREFIX } from '../support/shown.js';
import { assertNever, recognise, type Signs } from '../support/signs.js';
import { isReadyWord, settledBy } from '../support/state-words.js';

type Video = Record<string, unknown>;

/** Names of a field that looks like a state under another name than `status`. */
const STATE_LIKE =
  /^(state|status|phase|stage|processing[-_]?(state|status)|video[-_]?(state|status)|readiness)$/i;
const stateFieldOf = (video: Video) =>
  Object.keys(video).find((k) => STATE_LIKE.test(k) && typeof video[k] === 'string' && k !== 'status');

/** What a record shows before any upload; a state-like field under another name is `other`. */
const READINESS: Signs<'readiness-field', Video> = {
  'status-string': (video) => typeof video.status === 'string',
  'ready-flag': (video) => typeof video.ready === 'boolean',
  'playback-only': (video) => stateFieldOf(video) === undefined,
};

/** Decides how readiness shows, from a video that was created but not uploaded, and sets the predicate. */
export async function probeReadiness(ctx: Context, beforeUpload: Exchange, playbackUrl: string | undefined) {
  return ctx.observe('readiness-field', async () => {
    const video = beforeUpload.json as Video | undefined;
    if (!isSuccess(beforeUpload.status) || !video) {
      return { notObserved: `get-video of a new video failed: ${describe(beforeUpload)}` };
    }
    // The playlist is on the streaming host, not the API: a host that does not answer does not stop
    // the run (the playback check fails it, naming the host); it only shows no readiness.
    let unanswered: string | undefined;
    const playable = async () => {
      if (playbackUrl === undefined) return false;
      const got = await ctx.api.fetchPlayback(playbackUrl);
      if ('noAnswer' in got) unanswered ??= got.noAnswer.message;
      return 'exchange' in got && isSuccess(got.exchange.status);
    };
    const fields = () => showText(Object.keys(video).join(', '), VALUE_PREFIX);
    const { reading } = recognise(READINESS, video, '');
    const found = { reading, evidence: '' };
    switch (reading) {
      case 'status-string':
        ctx.isReady = async (v) => typeof v.status === 'string' && isReadyWord(v.status);
        ctx.settledState = (v) => settledBy(typeof v.status === 'string' ? v.status : '');
        found.evidence = `before upload: status ${showValue(video.status)}`;
        break;
      case 'ready-flag':
        ctx.isReady = async (v) => v.ready === true;
        found.evidence = `before upload: ready ${video.ready}`;
        break;
      case 'playback-only':
        if (playbackUrl) ctx.isReady = playable;
        found.evidence = `no status or ready field (fields: ${fields()}); readiness is read from the HLS playlist`;
        break;
      case 'other': {
        // Not one of the readings: a state under another name. Its words are read like `status`
        // words, with the playlist as a second sign of readiness.
        const stateField = stateFieldOf(video) as string;
        const word = (v: Video) => (typeof v[stateField] === 'string' ? v[stateField] : '');
        ctx.isReady = async (v) => isReadyWord(word(v)) || (await playable());
        ctx.settledState = (v) => settledBy(word(v));
        found.evidence = `no status or ready field, but a state-like string field ${showValue(stateField)}: ${showValue(video[stateField])} before upload (fields: ${fields()})`;
        break;
      }
      default:
        assertNever(reading);
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
