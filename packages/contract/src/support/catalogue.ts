/**
 * Every check of the suite by id, with its section and tags: what `--list` prints and what
 * `--only` / `--skip` select. Setup checks (the create, get, upload and wait later checks build on)
 * run whatever is selected. A test runs the suite and compares the names it records with these.
 */
import { idsWithReadings, unspecified } from '@video-api/schema';
import { valueFormExamples } from './examples.js';

type Tag = 'setup' | 'round-trip' | 'property' | 'refusal' | 'client' | 'playback' | 'probe';

export interface CatalogueEntry {
  id: string;
  name: string;
  section: string;
  tags: readonly Tag[];
}

/** The id of a check: its name in kebab case, without a leading count (`3 interleaved …`). */
export const checkId = (name: string) =>
  name
    .toLowerCase()
    .replace(/^\d+ /, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const entry = (name: string, section: string, ...tags: Tag[]): CatalogueEntry => ({
  id: checkId(name),
  name,
  section,
  tags,
});

export const CHECKS: readonly CatalogueEntry[] = [
  entry('create answers 2XX', '4.1', 'setup'),
  entry('create answers JSON', '4.1', 'setup'),
  entry('create returns one video per requested video', '4.1', 'setup'),
  entry('created videos have key, title and primaryPlaybackUrl', '2', 'setup'),
  entry('the HLS address is a URL with the video key in its path', '2', 'playback'),
  entry('get-video answers 2XX with JSON', '4.3', 'setup'),
  entry('get-video returns videoKey and simpleCustomFields', '4.3'),
  entry('upload accepts a multipart form with the file field', '4.2', 'setup'),
  entry('an uploaded video becomes ready', '3', 'setup'),
  entry('the HLS address of a ready video serves an HLS playlist', '2', 'playback'),
  entry('an upload without the required file field is refused with a 4xx', '4.2', 'refusal'),
  entry('an upload whose body is not multipart/form-data is refused with a 4xx', '4.2', 'refusal'),
  entry('custom-fields update answers 2XX JSON in the shape of get-video', '4.4'),
  entry('get-video returns every custom field', '4.3'),
  ...valueFormExamples.map(([form]) =>
    entry(`a ${form} value round-trips through update and get`, '2', 'round-trip'),
  ),
  entry('the client creates a video and uploads its source, reporting progress', '4.2', 'client'),
  entry('the client waits until the uploaded video is ready', '4.3', 'client'),
  entry('the client writes every value form typed and reads it back typed', '2', 'client', 'round-trip'),
  entry('the client reports an unknown video key as a typed HTTP error', '4.3', 'client'),
  entry('create without the Bearer header is refused with a 4xx', '5', 'refusal'),
  entry('upload without the Bearer header is refused with a 4xx', '5', 'refusal'),
  entry('get-video of an unknown key is refused with a 4xx', '4.3', 'refusal'),
  entry('custom-fields update of an unknown key is refused with a 4xx', '4.4', 'refusal'),
  entry('upload to an unknown key is refused with a 4xx', '4.2', 'refusal'),
  entry(
    'valid custom field maps round-trip through update and get (property)',
    '2',
    'property',
    'round-trip',
  ),
  entry('invalid create bodies are refused with a 4xx, never a 5xx (property)', '4.1', 'property', 'refusal'),
  entry(
    'invalid custom-fields bodies are refused with a 4xx, never a 5xx (property)',
    '4.4',
    'property',
    'refusal',
  ),
  entry('3 interleaved videos keep their own custom fields', '4.4', 'round-trip'),
];

/** Probes whose finding later checks need (how readiness is told): they run whatever is selected. */
const SETUP_PROBES = new Set<string>(['readiness-field']);

/** The probes: one per unknown with readings, tagged `probe`, in the section of its marker. */
export const PROBES: readonly CatalogueEntry[] = idsWithReadings.map((id) =>
  entry(
    id,
    (unspecified[id] as { source: string }).source,
    'probe',
    ...(SETUP_PROBES.has(id) ? (['setup'] as const) : []),
  ),
);

const BY_ID = new Map([...CHECKS, ...PROBES].map((e) => [e.id, e]));

/** The catalogue entry of a check name or probe id; a name it lacks gets an entry of its own. */
export function entryOf(name: string, section: string): CatalogueEntry {
  return BY_ID.get(checkId(name)) ?? BY_ID.get(name) ?? { id: checkId(name), name, section, tags: [] };
}

/** Whether `selector` (an id, a section like `§4.4` or `§4`, or a tag) selects `entry`. */
export function selects(selector: string, entry: CatalogueEntry): boolean {
  if (selector.startsWith('§')) {
    const section = selector.slice(1);
    return entry.section === section || entry.section.startsWith(`${section}.`);
  }
  return selector === entry.id || (entry.tags as readonly string[]).includes(selector);
}

/** Every selector that is neither an id, a section of the catalogue, nor a tag (for a usage error). */
export function unknownSelectors(selectors: readonly string[]): string[] {
  const all = [...CHECKS, ...PROBES];
  return selectors.filter((s) => !all.some((e) => selects(s, e)));
}
