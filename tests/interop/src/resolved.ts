/**
 * Resolved documents from the real resolver: `video-api-spec resolve --reading … --out FILE`, run
 * from the schema package's sources, once per set of readings the tests cover.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceArgs } from '@video-api/test-support';
import { mustRunNode } from './command.js';
import type { OpenApiDocument } from './types.js';

/** The resolver's CLI entry (`video-api-spec`, the schema package's published bin) in its sources. */
const RESOLVER = fileURLToPath(new URL('../node_modules/@video-api/schema/src/cli/bin.ts', import.meta.url));

/** This package's folder: `--import tsx` is resolved from the working folder, so sources run from here. */
export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The unresolved spec: what generic tools choke on. */
export const SPEC_FILE = fileURLToPath(new URL('../../../spec/openapi.yaml', import.meta.url));

/** A set of readings: a name for messages and file names, and the `ID=READING` choices. */
export interface ReadingSet {
  name: string;
  readings: Record<string, string>;
}

/** The sets every tool is tried on: (a) the default readings, (b) semantic status codes. */
export const READING_SETS: ReadingSet[] = [
  { name: 'default', readings: {} },
  { name: 'semantic', readings: { 'status-codes': 'semantic' } },
];

/**
 * Ten non-default readings at once, each one the resolved document states and Specmatic can test
 * against the mock playing them (no rate limit, per-owner auth or re-upload refusal: those need more
 * than one request of one token to show).
 */
export const TEN_READINGS: ReadingSet = {
  name: 'ten-readings',
  readings: {
    'status-codes': 'semantic',
    'error-codes': 'validation-422',
    'field-length-limits': 'limited',
    'media-type-refusal': 'bad-request-400',
    'videos-per-create-limit': 'limited',
    'error-shape': 'message-object',
    'custom-fields-omitted': 'replace',
    'unknown-video-key': 'bad-request-400',
    'readiness-field': 'ready-flag',
    'custom-field-null': 'removes-field',
  },
};

/** `--reading ID=READING` arguments, for the resolver and the mock alike. */
export function readingArgs(set: ReadingSet): string[] {
  return Object.entries(set.readings).flatMap(([id, reading]) => ['--reading', `${id}=${reading}`]);
}

export interface Resolved {
  set: ReadingSet;
  file: string;
  document: OpenApiDocument;
}

/** Runs the resolver for `set` and writes `<dir>/<name>.json`. */
export async function resolveDocument(set: ReadingSet, dir: string): Promise<Resolved> {
  const file = join(dir, `${set.name}.json`);
  await mustRunNode([...sourceArgs(RESOLVER), 'resolve', ...readingArgs(set), '--out', file], PACKAGE_DIR);
  return { set, file, document: JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument };
}
