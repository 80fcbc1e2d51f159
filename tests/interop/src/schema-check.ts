/**
 * A resolved document read as JSON Schema by a real validator (Ajv 8, draft 2020-12, the formats of
 * ajv-formats): whether a value fits a schema node of the document, named by its JSON Pointer, and
 * where it does not (the value's place, the schema's path and Ajv's message).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument } from './types.js';

// ajv-formats is CommonJS: its function is the module's default export under Node's ESM.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** The id the document is registered under: `$ref`s of the document (`#/components/…`) resolve in it. */
const DOCUMENT_ID = 'urn:video-api:resolved';

/** Escapes one member name as a JSON Pointer segment (RFC 6901). */
export const segment = (name: string): string => name.replaceAll('~', '~0').replaceAll('/', '~1');

/** One place where a value does not fit a schema. */
export interface SchemaProblem {
  /** JSON Pointer of the place in the value. */
  at: string;
  /** JSON Pointer of the keyword in the document that refused it. */
  schemaPath: string;
  message: string;
}

/** Checks values against schema nodes of `document`: `check(pointer, value)` lists the problems (none: valid). */
export function schemaCheck(document: OpenApiDocument): (pointer: string, value: unknown) => SchemaProblem[] {
  // strict: false: the document's other members (paths, info, x-…) are not keywords of a schema.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  return (pointer, value) => {
    const validate = compiled.get(pointer) ?? ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
    compiled.set(pointer, validate);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => ({
      at: error.instancePath || '/',
      schemaPath: `${pointer} → ${error.schemaPath}`,
      message: `${error.message ?? 'does not fit'}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`,
    }));
  };
}
