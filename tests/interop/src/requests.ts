/**
 * A valid request for an operation, built from the document alone: path parameters from their
 * examples, a JSON body from the first example, a multipart body with a real file in every
 * `format: binary` part. What Prism needs to get past its request validation.
 */
import { deref, type Operation } from './operations.js';
import type { OpenApiDocument } from './types.js';

const TOKEN = 'mock-token';

interface ParameterObject {
  name: string;
  in: string;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

interface ObjectSchema {
  required?: string[];
  properties?: Record<string, { format?: string }>;
}

function pathWithExamples(document: OpenApiDocument, operation: Operation): string {
  const item = document.paths[operation.path]?.[operation.method.toLowerCase()];
  const parameters = (item?.parameters ?? []).map((p) => deref(document, p) as ParameterObject);
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
    const value = parameter?.example ?? Object.values(parameter?.examples ?? {})[0]?.value;
    if (value === undefined) throw new Error(`${operation.id}: path parameter ${name} has no example`);
    return encodeURIComponent(String(value));
  });
}

function multipart(schema: ObjectSchema, file: Uint8Array<ArrayBuffer>): FormData {
  const form = new FormData();
  for (const name of schema.required ?? []) {
    const binary = schema.properties?.[name]?.format === 'binary';
    if (binary) form.append(name, new File([file], 'clip.mp4', { type: 'video/mp4' }));
    else form.append(name, 'x');
  }
  return form;
}

/** The URL and `RequestInit` of a valid request for `operation` against `baseUrl`, with the token. */
export function validRequest(
  document: OpenApiDocument,
  operation: Operation,
  baseUrl: string,
  file: Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
): [string, RequestInit] {
  const init: RequestInit = {
    method: operation.method,
    headers: { authorization: `Bearer ${TOKEN}`, ...headers },
  };
  const request = operation.request;
  if (request?.mediaType === 'multipart/form-data') {
    init.body = multipart(request.schema as ObjectSchema, file);
  } else if (request) {
    if (request.example === undefined) throw new Error(`${operation.id}: the request body has no example`);
    init.body = JSON.stringify(request.example);
    (init.headers as Record<string, string>)['content-type'] = request.mediaType;
  }
  return [`${baseUrl}${pathWithExamples(document, operation)}`, init];
}
