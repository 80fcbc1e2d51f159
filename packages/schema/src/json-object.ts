/** A JSON object, and the check that a parsed JSON value is one (not null, not an array). */
export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
