/**
 * Problems in input a person can act on: zod issues turned into a JSON Pointer and a message that
 * says what is accepted and what was there. Used by every body the admin API validates.
 */
import type { z } from 'zod';
import { pointerOf } from './json-pointer.js';

/** A validated value, or every problem found. */
export type Validation<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

/** One problem found in input: a JSON Pointer into it ("" = the input itself) and what was wrong. */
export interface Issue {
  pointer: string;
  message: string;
}

/** The accepted members of the object at a path (for unknown members), or one list for every object. */
export type AcceptedKeys = readonly string[] | ((path: readonly PropertyKey[]) => readonly string[]);

/**
 * What a JSON value is, in words, for "got …": `the string "5"`, `the number -1`, `null`, `an
 * array (2 items)`, `an object`. Long strings are cut.
 *
 * @example
 * describeValue('5'); // 'the string "5"'
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array (${value.length} item${value.length === 1 ? '' : 's'})`;
  switch (typeof value) {
    case 'string': {
      const text = JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
      return `the string ${text}`;
    }
    case 'number':
    case 'boolean':
    case 'bigint':
      return `the ${typeof value} ${String(value)}`;
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

/** The member at `path` of `input`, own members only (a `__proto__` member is an own member of parsed JSON). */
function memberAt(input: unknown, path: readonly PropertyKey[]): { found: boolean; value?: unknown } {
  let value = input;
  for (const part of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, part)) return { found: false };
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value === undefined ? { found: false } : { found: true, value };
}

/** Issue codes about the value itself, whose message is completed with what the value was. */
const VALUE_CODES: ReadonlySet<string> = new Set([
  'invalid_type',
  'invalid_value',
  'invalid_format',
  'invalid_union',
  'too_big',
  'too_small',
  'not_multiple_of',
]);

/** The message of an issue with what the input held at its path: "is required and …" or "…, got …". */
function withReceived(message: string, path: readonly PropertyKey[], code: string, input: unknown): string {
  const member = memberAt(input, path);
  if (!member.found) {
    if (code !== 'invalid_type') return message;
    return message.startsWith('must ') ? `is required and ${message}` : `is required (${message})`;
  }
  if (!VALUE_CODES.has(code) && !message.startsWith('must ')) return message;
  return `${message}, got ${describeValue(member.value)}`;
}

/**
 * Turns zod issues into `{ pointer, message }` pairs a person can act on: where (a JSON Pointer),
 * what is accepted (the schema's message) and what was wrong: "is required" for a missing member,
 * ", got the string \"5\"" for a present one, the unknown member names with the accepted ones.
 * `input` is what was validated (zod keeps it out of its issues): it tells a missing member from
 * one of the wrong type.
 *
 * @example
 * describeIssues(zFaultRule.safeParse(body).error, body, ['latencyMs']);
 * // [{ pointer: '/latencyMs', message: 'must be an integer from 0 to 300000 (milliseconds), got the string "5"' }]
 */
export function describeIssues(error: z.ZodError, input: unknown, acceptedKeys: AcceptedKeys): Issue[] {
  // A value of the wrong type may fail the checks of the right one too ([] is "too short"): only its type is news.
  const mistyped = new Set(
    error.issues.filter((i) => i.code === 'invalid_type').map((i) => pointerOf(i.path)),
  );
  const issues = error.issues.filter((i) => i.code === 'invalid_type' || !mistyped.has(pointerOf(i.path)));
  return issues.map((issue) => {
    const path = issue.path;
    const pointer = pointerOf(path);
    if (issue.code === 'unrecognized_keys') {
      const accepted = typeof acceptedKeys === 'function' ? acceptedKeys(path) : acceptedKeys;
      return {
        pointer,
        message: `has unknown member(s) ${issue.keys.map((k) => `"${k}"`).join(', ')}; accepted: ${accepted.join(', ')}`,
      };
    }
    if (path.length === 0) return { pointer, message: issue.message };
    return { pointer, message: withReceived(issue.message, path, issue.code, input) };
  });
}
