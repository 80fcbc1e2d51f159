/** Types of the fuzz: a generated request described as data (materialized when sent), and tallies. */

/** A body, described so that big ones are only built when sent (and shrink well). */
export type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: number[] }
  /** A JSON document of about `bytes` bytes (one long string). */
  | { kind: 'huge-json'; bytes: number }
  /** `[[[…]]]` or `{"a":{"a":…}}` nested `depth` levels. */
  | { kind: 'deep-json'; depth: number; shape: 'array' | 'object' }
  | { kind: 'multipart'; form: MultipartSpec };

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  content: string;
}

export interface MultipartSpec {
  boundary: string;
  parts: MultipartPart[];
  /** Omit the closing `--boundary--`. */
  unterminated: boolean;
  /** Keep only this share (0..1) of the bytes; 1 keeps all. */
  keep: number;
  /** The boundary the Content-Type header announces (may differ from the one used). */
  announced: string | null;
}

/** What a case expects beyond "no 5xx, no crash, every error JSON with a message". */
export type Expectation = 'success' | 'client-error' | 'any';

export interface FuzzCase {
  /** A short label of the generator that made it (tallied per label). */
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: BodySpec;
  expect: Expectation;
}

/** The outcome of one case: its status, and what was wrong (undefined when all checks held). */
export interface Outcome {
  status: number;
  problem: string | undefined;
}

export interface FuzzStats {
  seed: number;
  requests: number;
  statuses: Record<string, number>;
  byLabel: Record<string, number>;
  serverErrors: number;
  crashes: number;
  /** Error responses without JSON or without a message, and broken expectations. */
  badResponses: number;
  /** The first problems, with the case that caused each (at most 20). */
  examples: { case: FuzzCase; problem: string }[];
}
