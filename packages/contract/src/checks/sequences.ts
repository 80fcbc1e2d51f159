/** Stateful sequences: create → upload → wait → write → read, interleaved across several videos. */

import { zVideo } from '@video-api/schema/zod';
import type { Context } from '../context/context.js';
import { ensure } from '../context/failures.js';
import { describe, isSuccess } from '../support/http.js';
import { requestLine } from '../support/operations.js';
import { sameValue } from '../support/same-value.js';
import { showValue } from '../support/shown.js';
import { ensureShape, ensureSuccess } from './shapes.js';

export async function checkInterleaved(ctx: Context): Promise<void> {
  const count = ctx.options.sequenceVideos;
  await ctx.check(`${count} interleaved videos keep their own custom fields`, '4.4', async () => {
    const keys: string[] = [];
    for (let i = 0; i < count; i++) keys.push(await ctx.api.createOne(`sequence ${i}`));
    const uploads = await Promise.all(keys.map((key) => ctx.api.upload(key)));
    for (const [i, u] of uploads.entries())
      ensure(isSuccess(u.status), `upload of ${keys[i]}: ${describe(u)}`);
    // Without a way to tell readiness (an unknown final status word), the sequence goes on unwaited.
    const waited = ctx.readinessUnknown === undefined;
    if (waited) {
      const waits = await Promise.all(keys.map((key) => ctx.waitForReady(key)));
      for (const [i, w] of waits.entries()) {
        const last = w.polls.at(-1);
        ensure(w.ready, `${keys[i]} did not become ready (last: ${last ? describe(last) : 'none'})`);
      }
    }
    const own = (i: number): Record<string, unknown> => ({
      note: `sequence video ${i}`,
      views: 1000 + i,
      topics: [`topic-${i}`],
    });
    const writes = await Promise.all(keys.map((key, i) => ctx.api.putFields(key, own(i))));
    for (const [i, w] of writes.entries()) ensure(isSuccess(w.status), `write to ${keys[i]}: ${describe(w)}`);
    for (const [i, key] of keys.entries()) {
      const get = await ctx.api.getVideo(key);
      ensureSuccess(get, requestLine('getVideo', { videoKey: key }));
      const fields = ensureShape(
        zVideo,
        get.json,
        requestLine('getVideo', { videoKey: key }),
      ).simpleCustomFields;
      for (const [name, value] of Object.entries(own(i))) {
        if (sameValue(value, fields[name])) continue;
        const expected = `expected ${showValue(value)}, the value written to it`;
        const from = keys.findIndex((_, j) => j !== i && sameValue(own(j)[name], fields[name]));
        ensure(
          false,
          name in fields
            ? `${key}.${name} is ${showValue(fields[name])}${from >= 0 ? `, the value written to ${keys[from]}` : ''}; ${expected}`
            : `${key}.${name} is missing after the write; ${expected}`,
        );
      }
    }
    const note = waited ? '' : ` (not waited for readiness: ${ctx.readinessUnknown})`;
    return `${count} videos, each read back with its own values${note}`;
  });
}
