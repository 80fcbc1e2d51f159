/** An in-test fetch: answers from a script of responses and records every request it saw. */
interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: string;
}

export type Answer = Response | Error | ((request: Request) => Response | Promise<Response>);

export function scriptedFetch(...answers: Answer[]) {
  const seen: Seen[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    seen.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: request.body ? await request.text() : '',
    });
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer === undefined) throw new Error('script ran out of answers');
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'function') return answer(request);
    return answer.clone();
  };
  return { fetch, seen };
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export const video = (videoKey: string, simpleCustomFields: Record<string, unknown> = {}, extra = {}) => ({
  videoKey,
  simpleCustomFields,
  ...extra,
});

/** A video record as get answers it, as JSON text (for servers of the tests' own). */
export const videoBody = (videoKey: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify(video(videoKey, {}, extra));

/** A sleep that returns at once and remembers the delays asked for. */
export function recordingSleep() {
  const delays: number[] = [];
  const sleep = async (ms: number) => {
    delays.push(ms);
  };
  return { sleep, delays };
}
