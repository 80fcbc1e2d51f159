/**
 * One request to the in-process mock, judged by the resolved document of the readings it plays:
 * the request is valid or not under the document's request schema; a valid one must be accepted
 * (2xx), one the schema refuses must be refused (4xx), and every answer must be one the document
 * lists (`answerProblems`). What disagrees is a finding: the readings, the request, the answer.
 */
import type { createApp } from '@video-api/mock-server/node';
import { mockReadings } from '@video-api/schema';
import { resolveSpec } from '@video-api/schema/resolve';
import { type Answer, answerProblems, capped } from './answer-check.js';
import { schemaCheck, segment } from './schema-check.js';
import type { OpenApiDocument } from './types.js';

type App = ReturnType<typeof createApp>;

/** A request: the operation's place in the document, the URL, and the body as the schema sees it. */
export interface Sent {
  path: string;
  method: 'post' | 'put' | 'get';
  url: string;
  /** The body as JSON Schema reads it (a form as an object of its parts); undefined: no body. */
  body?: unknown;
  /** The body as sent, when it is not `body` as JSON (a form). */
  init?: RequestInit;
}

/** A request and its answer, with what disagreed. */
export interface Judged {
  answer: Answer & { json: unknown };
  findings: string[];
}

const HEADERS = { authorization: 'Bearer mock-token' };

/** The resolved document of `readings`, its schema checker, and `send`, which judges each exchange. */
export function resolvedExchange(app: App, readings: Record<string, string>) {
  const defaults: Record<string, string> = mockReadings();
  const played = Object.entries(readings)
    .filter(([id, reading]) => defaults[id] !== reading)
    .map(([id, reading]) => `${id}=${reading}`);
  const document = resolveSpec({ readings }).document as unknown as OpenApiDocument;
  const check = schemaCheck(document);
  const requestSchema = (path: string, method: string): string | undefined => {
    const content = document.paths[path]?.[method]?.requestBody?.content ?? {};
    const mediaType = Object.keys(content)[0];
    return mediaType && `/paths/${segment(path)}/${method}/requestBody/content/${segment(mediaType)}/schema`;
  };

  async function send(sent: Sent): Promise<Judged> {
    const schema = requestSchema(sent.path, sent.method);
    const refusedBySchema = schema === undefined ? [] : check(schema, sent.body);
    const init: RequestInit = sent.init ?? {
      method: sent.method.toUpperCase(),
      ...(sent.body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(sent.body) }),
    };
    const response = await app.request(sent.url, { ...init, headers: { ...HEADERS, ...init.headers } });
    const text = await response.text();
    const answer = { status: response.status, headers: response.headers, text };
    const findings = answerProblems(document, check, sent, answer);
    const ok = answer.status >= 200 && answer.status < 300;
    if (refusedBySchema.length === 0 && !ok)
      findings.push(`the schema accepts the request; the mock refused it`);
    if (refusedBySchema.length > 0 && !(answer.status >= 400 && answer.status < 500)) {
      const why = refusedBySchema.map((p) => `${p.at}: ${p.message} (${p.schemaPath})`).join('; ');
      findings.push(`the schema refuses the request (${why}); the mock answered ${answer.status}`);
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const where = `${sent.method.toUpperCase()} ${sent.url} ${capped(JSON.stringify(sent.body) ?? '')}`;
    const told = `→ ${answer.status} ${capped(text)}`;
    return {
      answer: { ...answer, json },
      findings: findings.map(
        (finding) =>
          `${finding}\n  readings (besides the defaults): ${played.join(', ') || 'none'}\n  ${where} ${told}`,
      ),
    };
  }

  return { document, send };
}
