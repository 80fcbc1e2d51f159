/**
 * Checks an answer a generated client received against the resolved document it was generated
 * from: the body must be valid against the schema of that operation's response of that status
 * (the schema the client's types come from), so the answer is assignable to the generated type.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Answer } from './workspace.js';

// ajv-formats is CommonJS: its function is the module's default export under Node's ESM.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

// biome-ignore lint/suspicious/noExplicitAny: the document is walked as JSON.
type Doc = Record<string, any>;

const pointerSegment = (segment: string): string => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** A checker of answers against `document`: the problems of one answer, none when it is valid. */
export function answerChecker(document: Doc): (answer: Answer) => string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(document, 'resolved.json');
  const operations = new Map<string, { at: string; operation: Doc }>();
  for (const [path, item] of Object.entries(document.paths as Doc)) {
    for (const [method, operation] of Object.entries(item as Doc)) {
      if (typeof operation?.operationId !== 'string') continue;
      operations.set(operation.operationId, { at: `/paths/${pointerSegment(path)}/${method}`, operation });
    }
  }
  return ({ operationId, status, body }) => {
    const found = operations.get(operationId);
    const response = found?.operation.responses?.[String(status)];
    if (!found || !response) return [`${operationId} answered ${status}, which the document does not list`];
    const { at } = found;
    const media = Object.keys(response.content ?? {})[0];
    if (media === undefined)
      return body === '' || body === undefined
        ? []
        : [`${operationId} ${status} has no body in the document`];
    const validate = ajv.compile({
      $ref: `resolved.json#${at}/responses/${status}/content/${pointerSegment(media)}/schema`,
    });
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (e) => `${operationId} ${status}: ${e.instancePath || '/'} ${e.message}`,
    );
  };
}
