/** Probes of the video record: readiness field (§4.3), record fields (§2), states (§3). */
import type { Context } from '../context.js';
import { describe, type Exchange, isSuccess, send } from '../http.js';

const READY_WORDS = /^(ready|completed?|done|available|finished|published|succeeded)$/i;
const LISTED = new Set(['videoKey', 'simpleCustomFields']);
const BASIC = ['created', 'processing', 'ready', 'failed'];
const DETAILED_ONLY = ['uploading', 'uploaded'];

/** Decides how readiness shows, from a video that was created but not uploaded, and sets the predicate. */
export async function probeReadiness(ctx: Context, beforeUpload: Exchange, playbackUrl: string | undefined) {
  return ctx.observe('readiness-field', async () => {
    const video = beforeUpload.json as Record<string, unknown> | undefined;
    if (!isSuccess(beforeUpload.status) || !video) {
      return { reading: 'other', evidence: `get-video failed: ${describe(beforeUpload)}` };
    }
    if (typeof video.status === 'string') {
      ctx.isReady = async (v) => typeof v.status === 'string' && READY_WORDS.test(v.status);
      return { reading: 'status-string', evidence: `before upload: status ${JSON.stringify(video.status)}` };
    }
    if (typeof video.ready === 'boolean') {
      ctx.isReady = async (v) => v.ready === true;
      return { reading: 'ready-flag', evidence: `before upload: ready ${video.ready}` };
    }
    if (playbackUrl) {
      ctx.isReady = async () =>
        isSuccess((await send(ctx.target, { path: playbackUrl, auth: 'token' })).status);
    }
    return {
      reading: 'playback-only',
      evidence: `no status or ready field (fields: ${Object.keys(video).join(', ')}); readiness is read from the HLS playlist`,
    };
  });
}

export async function probeRecordFields(ctx: Context, exchange: Exchange) {
  return ctx.observe('video-record-fields', async () => {
    const video = exchange.json as Record<string, unknown> | undefined;
    if (!video) return { reading: 'other', evidence: describe(exchange) };
    const readiness = ctx.reading('readiness-field');
    const extra = Object.keys(video).filter(
      (k) =>
        !LISTED.has(k) &&
        !(readiness === 'status-string' && k === 'status') &&
        !(readiness === 'ready-flag' && k === 'ready'),
    );
    return extra.length > 0
      ? { reading: 'with-extra-fields', evidence: `fields beyond the listed ones: ${extra.join(', ')}` }
      : { reading: 'listed-only', evidence: `fields: ${Object.keys(video).join(', ')}` };
  });
}

/** Names the state set from every `status` seen over a video's life (only visible under status-string). */
export async function probeStates(ctx: Context, seen: Exchange[]) {
  return ctx.observe('video-states', async () => {
    if (ctx.reading('readiness-field') !== 'status-string') {
      return { reading: 'other', evidence: 'states are not visible: the record shows no status field' };
    }
    const states = [
      ...new Set(
        seen
          .map((e) => (e.json as { status?: unknown } | undefined)?.status)
          .filter((s) => typeof s === 'string'),
      ),
    ] as string[];
    const evidence = `states seen in order: ${states.join(' → ')}`;
    if (states.some((s) => DETAILED_ONLY.includes(s))) return { reading: 'detailed', evidence };
    if (states.every((s) => BASIC.includes(s))) return { reading: 'basic', evidence };
    return { reading: 'other', evidence };
  });
}
