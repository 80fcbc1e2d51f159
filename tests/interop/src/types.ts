/** The parts of an OpenAPI 3.1 document the interop tests read (no more than that). */

export interface MediaTypeObject {
  schema?: unknown;
  example?: unknown;
  examples?: Record<string, { value?: unknown; $ref?: string }>;
}

interface OperationObject {
  operationId: string;
  parameters?: Array<{ $ref?: string; name?: string; in?: string }>;
  requestBody?: { content: Record<string, MediaTypeObject> };
  responses: Record<string, { content?: Record<string, MediaTypeObject>; 'x-no-example'?: string[] }>;
  security?: Array<Record<string, string[]>>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components: { examples?: Record<string, { value?: unknown }> } & Record<string, unknown>;
}
