/**
 * What two runs of the README flow must have in common: the status of each answer and the shape
 * of its JSON (keys and value types, in order), not the values (video keys, times and URLs differ
 * from run to run and from machine to machine).
 */
import type { Answer, FlowAnswers } from './readme-flow.js';

/** The shape of a JSON value: objects keep their keys, arrays their length, the rest their type. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([key, field]) => [key, shapeOf(field)]));
  }
  return value === null ? 'null' : typeof value;
}

const answer = ({ status, body }: Answer) => ({ status, body: shapeOf(body) });

/**
 * The flow's answers as statuses and shapes (the playlist: status and content type).
 *
 * @example
 * expect(flowShape(await readmeCurlFlow(a, clip))).toEqual(flowShape(await readmeCurlFlow(b, clip)));
 */
export function flowShape(answers: FlowAnswers): unknown {
  const { created, upload, ready, put, read, playlist } = answers;
  return {
    created: answer(created),
    upload: answer(upload),
    ready: answer(ready),
    put: answer(put),
    read: answer(read),
    playlist: { status: playlist.status, contentType: playlist.contentType },
  };
}
