/**
 * The example of the upload's answer when it is the video record (`upload-response-body:
 * video-record`, §4.2): the record's example as get answers it, but as the video is right after its
 * upload (§3): its state member takes the word the chosen `video-states` reading gives a video whose
 * source was just received (its `afterUpload` meaning), and a readiness flag is false (the video
 * cannot be played before processing ends).
 */

import { isObject, type JsonObject } from '../json-object.js';
import type { Chosen } from './choices.js';
import { meaningFor, nodeAt, operationsOf, resolvedFrom } from './document.js';

const VIDEO = '/components/schemas/Video';

/** The value of a readiness member right after the upload, or undefined when the reading gives none. */
function afterUpload(member: unknown, word: string | undefined): unknown {
  if (!isObject(member)) return undefined;
  if (member.type === 'boolean') return false;
  if (Array.isArray(member.enum) && word !== undefined && member.enum.includes(word)) return word;
  return undefined;
}

/** Inlines the upload answer's examples, each the record as it is right after the upload. */
export function resolveUploadExample(document: JsonObject, chosen: Chosen): void {
  const body = chosen.get('upload-response-body');
  const readiness = chosen.get('readiness-field');
  if (!body || !readiness || meaningFor(body).sameAs !== VIDEO) return;
  const added = meaningFor(readiness).schema;
  const states = chosen.get('video-states');
  const word = states ? meaningFor(states).afterUpload : undefined;
  const video = nodeAt(document, VIDEO);
  const members = Object.keys(isObject(added) && isObject(added.properties) ? added.properties : {});
  const upload = operationsOf(document).find(({ operationId }) => operationId === 'uploadVideoSource');
  for (const [status, response] of Object.entries((upload?.operation.responses ?? {}) as JsonObject)) {
    if (!/^2/.test(status) || !isObject(response) || !isObject(response.content)) continue;
    for (const media of Object.values(response.content)) {
      if (!isObject(media) || !isObject(media.examples)) continue;
      for (const [name, example] of Object.entries(media.examples)) {
        const ref = isObject(example) ? example.$ref : undefined;
        const target = typeof ref === 'string' ? nodeAt(document, ref.slice(1)) : example;
        if (!isObject(target) || !isObject(target.value)) continue;
        const value = structuredClone(target.value);
        for (const member of members) {
          const now = afterUpload((video?.properties as JsonObject | undefined)?.[member], word);
          if (now !== undefined) value[member] = now;
        }
        const by = [readiness, ...(states && word ? [states] : [])].map(resolvedFrom);
        const summary = 'The video as the upload answers it: its source received, not ready yet';
        media.examples[name] = { summary, value, 'x-resolved': by };
      }
    }
  }
}
