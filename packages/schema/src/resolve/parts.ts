/**
 * The media type of each multipart part a chosen reading takes (`parts` meaning: the file part of
 * the upload is `video/*` under `upload-source-files: video-only`, `application/octet-stream` under
 * `any-file`): it becomes the part's `encoding.contentType` in the multipart request body of the
 * operation the reading's marker sits on, which lists the reading under `x-resolved`.
 */

import { isObject, type JsonObject } from '../json-object.js';
import type { Chosen } from './choices.js';
import { addResolved, meaningFor, nodeAt, pointerOf } from './document.js';

const MULTIPART = 'multipart/form-data';

/** Sets each part's content type the chosen readings give (in place). */
export function resolveParts(document: JsonObject, chosen: Chosen): void {
  for (const choice of chosen.values()) {
    const { parts } = meaningFor(choice);
    if (parts === undefined) continue;
    const body = nodeAt(document, `${pointerOf(choice.id)}/requestBody/content`)?.[MULTIPART];
    if (!isObject(body)) {
      throw new Error(
        `${choice.id}: ${choice.reading} gives parts, but its operation takes no ${MULTIPART} body`,
      );
    }
    const encoding = isObject(body.encoding) ? body.encoding : {};
    for (const [name, contentType] of Object.entries(parts)) {
      const part = isObject(encoding[name]) ? encoding[name] : {};
      part.contentType = contentType;
      addResolved(part, [choice]);
      encoding[name] = part;
    }
    body.encoding = encoding;
  }
}
