/**
 * Finds and validates the `x-unspecified` markers of the spec (design.md §1).
 * Shared by the spec lint (check-markers.ts) and the unknowns registry generator.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { type Described, describedProblems } from './described.js';
import { meaningProblems, type ReadingMeaning } from './meaning.js';

export const specPath = fileURLToPath(new URL('../openapi.yaml', import.meta.url));
export const interfacePath = fileURLToPath(new URL('../interface.md', import.meta.url));

interface Marker {
  id: string;
  source: string;
  /** The document's words, quoted (fragments joined by " … "). */
  says: string;
  /** What the document leaves open, in the spec's words, where the quote alone does not say it. */
  note?: string;
  /** Why a marker has no readings: nothing a client sends or receives turns on it. */
  noReadings?: string;
  readings?: Record<string, string>;
  mock?: string;
  /** Machine-readable meaning of some readings (meaning.ts). */
  meaning?: Record<string, ReadingMeaning>;
  /** The places where the spec's prose describes the unknown as open (described.ts). */
  describedIn?: Described[];
}

export interface LocatedMarker extends Marker {
  /** JSON Pointer (RFC 6901) of the node that carries the marker. */
  pointer: string;
}

const MARKER_KEYS = new Set([
  'id',
  'source',
  'says',
  'note',
  'noReadings',
  'readings',
  'mock',
  'meaning',
  'describedIn',
]);
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function loadSpec(path = specPath): Record<string, unknown> {
  return parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

/** Section numbers of the interface document: "1", "2", "4.1", … */
export function documentSections(markdown = readFileSync(interfacePath, 'utf8')): Set<string> {
  const sections = new Set<string>();
  for (const match of markdown.matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)) {
    if (match[1]) sections.add(match[1]);
  }
  return sections;
}

const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** Every marker object in the document, with the pointer of the node that carries it. */
function findMarkers(node: unknown, pointer = ''): Array<{ pointer: string; raw: unknown }> {
  if (node === null || typeof node !== 'object') return [];
  const found: Array<{ pointer: string; raw: unknown }> = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'x-unspecified') {
      const list = Array.isArray(value) ? value : [value];
      for (const raw of list) found.push({ pointer: pointer === '' ? '' : pointer, raw });
    } else {
      found.push(...findMarkers(value, `${pointer}/${escapePointer(key)}`));
    }
  }
  return found;
}

/** Problems of one raw marker, as sentences that name the marker and the node. */
function markerProblems(
  raw: unknown,
  where: string,
  sections: Set<string>,
  operations: ReadonlySet<string>,
  spec: unknown,
): string[] {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return [`x-unspecified at ${where}: a marker must be an object with id, source and says`];
  }
  const m = raw as Record<string, unknown>;
  const name = typeof m.id === 'string' ? `"${m.id}"` : '(no id)';
  const at = `x-unspecified ${name} at ${where}`;
  const problems: string[] = [];
  for (const key of ['id', 'source', 'says'] as const) {
    if (typeof m[key] !== 'string' || (m[key] as string).trim() === '') {
      problems.push(`${at}: "${key}" is required and must be a non-empty string`);
    }
  }
  for (const key of Object.keys(m)) {
    if (!MARKER_KEYS.has(key)) {
      problems.push(`${at}: unknown member "${key}" (accepted: ${[...MARKER_KEYS].join(', ')})`);
    }
  }
  if (typeof m.id === 'string' && !KEBAB.test(m.id)) {
    problems.push(`${at}: id must be kebab-case (lowercase letters, digits, single hyphens)`);
  }
  if (typeof m.source === 'string' && !sections.has(m.source)) {
    problems.push(
      `${at}: source "${m.source}" is not a section of the interface document (sections: ${[...sections].join(', ')})`,
    );
  }
  const readings = m.readings;
  if (readings !== undefined) {
    const ok =
      readings !== null &&
      typeof readings === 'object' &&
      !Array.isArray(readings) &&
      Object.values(readings).every((v) => typeof v === 'string' && v.trim() !== '');
    if (!ok) {
      problems.push(`${at}: readings must map each reading name to a description`);
    } else {
      const names = Object.keys(readings);
      if (names.length < 2) problems.push(`${at}: readings must name at least two behaviours`);
      for (const reading of names) {
        if (!KEBAB.test(reading)) problems.push(`${at}: reading "${reading}" must be kebab-case`);
      }
      if (m.mock === undefined) {
        problems.push(`${at}: "mock" is required when readings are given (one of: ${names.join(', ')})`);
      } else if (typeof m.mock !== 'string' || !names.includes(m.mock)) {
        problems.push(`${at}: mock "${String(m.mock)}" is not one of its readings (${names.join(', ')})`);
      }
    }
  } else if (m.mock !== undefined) {
    problems.push(`${at}: "mock" is given but there are no readings to choose from`);
  }
  for (const key of ['note', 'noReadings'] as const) {
    if (m[key] !== undefined && (typeof m[key] !== 'string' || (m[key] as string).trim() === '')) {
      problems.push(`${at}: "${key}" must be a non-empty string`);
    }
  }
  if (readings === undefined && m.noReadings === undefined) {
    problems.push(`${at}: a marker without readings needs "noReadings", a sentence saying why none`);
  }
  if (readings !== undefined && m.noReadings !== undefined) {
    problems.push(`${at}: "noReadings" is given but the marker has readings`);
  }
  if (m.meaning !== undefined) problems.push(...meaningProblems(m.meaning, readings, at, operations, spec));
  if (m.describedIn !== undefined) problems.push(...describedProblems(m.describedIn, spec, at));
  return problems;
}

/** The operation ids of the spec's paths and webhooks, and of the operations readings add (`operation` meaning). */
function operationIds(spec: unknown): Set<string> {
  const ids = new Set<string>();
  const document = (spec ?? {}) as { paths?: object; webhooks?: object };
  for (const item of [...Object.values(document.paths ?? {}), ...Object.values(document.webhooks ?? {})]) {
    for (const operation of Object.values((item ?? {}) as object)) {
      const id = (operation as { operationId?: unknown } | null)?.operationId;
      if (typeof id === 'string') ids.add(id);
    }
  }
  for (const { raw } of findMarkers(spec)) {
    const meaning = (raw as { meaning?: unknown } | null)?.meaning;
    for (const reading of Object.values(meaning !== null && typeof meaning === 'object' ? meaning : {})) {
      const id = (reading as { operation?: { operationId?: unknown } } | null)?.operation?.operationId;
      if (typeof id === 'string') ids.add(id);
    }
  }
  return ids;
}

export interface MarkerReport {
  markers: LocatedMarker[];
  problems: string[];
}

/** Validates every marker of a spec: shape, kebab-case ids, uniqueness, sections, mock among readings. */
export function checkMarkers(spec: unknown, sections: Set<string> = documentSections()): MarkerReport {
  const markers: LocatedMarker[] = [];
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const operations = operationIds(spec);
  for (const { pointer, raw } of findMarkers(spec)) {
    const where = pointer === '' ? '(root)' : pointer;
    const found = markerProblems(raw, where, sections, operations, spec);
    problems.push(...found);
    if (found.length > 0) continue;
    const marker = raw as Marker;
    const first = seen.get(marker.id);
    if (first !== undefined) {
      problems.push(`x-unspecified "${marker.id}" at ${where}: duplicate id (first used at ${first})`);
      continue;
    }
    seen.set(marker.id, where);
    markers.push({ ...marker, pointer });
  }
  return { markers, problems };
}
