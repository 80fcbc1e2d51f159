/**
 * Whether an answer is one a resolved document lists for an operation: its status is a key of the
 * operation's responses (not only `default`), its required headers are there, and its body has the
 * listed media type and fits the listed schema (read by `schemaCheck`).
 */
import type { SchemaProblem } from './schema-check.js';
import { segment } from './schema-check.js';
import type { OpenApiDocument } from './types.js';

/** An answer as received. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** What a response object of the document may hold (a `$ref` to `components.responses` followed). */
interface ResponseObject {
  $ref?: string;
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, unknown>;
}

/** The node at a JSON Pointer of the document. */
function nodeAt(document: OpenApiDocument, pointer: string): unknown {
  let node: unknown = document;
  for (const raw of pointer.split('/').slice(1)) {
    node = (node as Record<string, unknown> | undefined)?.[raw.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return node;
}

/** The first 300 characters of a text, and how long it was: values in messages stay readable. */
export const capped = (text: string): string =>
  text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;

/** The problems of `answer` as an answer of the operation at `path`/`method`; none when it is listed. */
export function answerProblems(
  document: OpenApiDocument,
  check: (pointer: string, value: unknown) => SchemaProblem[],
  operation: { path: string; method: string },
  answer: Answer,
): string[] {
  const responses = `/paths/${segment(operation.path)}/${operation.method}/responses`;
  const listed = Object.keys(nodeAt(document, responses) as object).filter((key) => key !== 'default');
  let pointer = `${responses}/${answer.status}`;
  let response = nodeAt(document, pointer) as ResponseObject | undefined;
  if (response === undefined) return [`status ${answer.status} is not listed (listed: ${listed.join(', ')})`];
  if (response.$ref) {
    pointer = response.$ref.slice(1);
    response = nodeAt(document, pointer) as ResponseObject;
  }
  const problems = Object.entries(response.headers ?? {})
    .filter(([name, header]) => header.required && !answer.headers.has(name))
    .map(([name]) => `header ${name} is required with ${answer.status} and missing`);
  const mediaType = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  if (response.content === undefined) {
    if (answer.text !== '') problems.push(`${answer.status} lists no body; got ${capped(answer.text)}`);
    return problems;
  }
  if (!(mediaType in response.content)) {
    const types = Object.keys(response.content).join(', ');
    return [...problems, `media type "${mediaType}" is not listed with ${answer.status} (listed: ${types})`];
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return [...problems, `the body is not JSON: ${capped(answer.text)}`];
  }
  const schema = `${pointer}/content/${segment(mediaType)}/schema`;
  for (const problem of check(schema, body)) {
    problems.push(`body ${problem.at}: ${problem.message} (schema ${problem.schemaPath})`);
  }
  return problems;
}
