/** The unknowns registry mirrors the spec's markers, and its pointers lead to them. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openapiDocument } from '../src/generated/openapi.js';
import {
  hasReadings,
  idsWithReadings,
  isReading,
  isUnspecifiedId,
  mockReadings,
  readingsOf,
  unspecified,
  unspecifiedIds,
} from '../src/unspecified.js';

function at(document: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
}

describe('unknowns registry', () => {
  it.each(unspecifiedIds)('%s: its pointer leads to the node that carries the marker', (id) => {
    const entry = unspecified[id];
    const carried = (at(openapiDocument, entry.pointer) as Record<string, unknown>)['x-unspecified'];
    const markers = Array.isArray(carried) ? carried : [carried];
    expect(markers.map((m: { id: string }) => m.id)).toContain(id);
  });

  it('lists the unknowns with readings, and the mock plays one of each', () => {
    expect(idsWithReadings.length).toBe(36);
    const set = mockReadings();
    expect(Object.keys(set).sort()).toEqual([...idsWithReadings].sort());
    for (const id of idsWithReadings) expect(readingsOf(id)).toContain(set[id]);
  });

  it('answers questions about ids and readings', () => {
    expect(isUnspecifiedId('custom-fields-omitted')).toBe(true);
    expect(isUnspecifiedId('toString')).toBe(false);
    expect(hasReadings('upload-host')).toBe(false);
    expect(hasReadings('error-shape')).toBe(true);
    expect(readingsOf('custom-fields-omitted')).toEqual(['merge', 'replace']);
    expect(readingsOf('upload-host')).toEqual([]);
    expect(isReading('custom-fields-omitted', 'replace')).toBe(true);
    expect(isReading('custom-fields-omitted', 'append')).toBe(false);
  });
});

describe('generated files', () => {
  const dir = fileURLToPath(new URL('../src/generated', import.meta.url));
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => join(f.parentPath, f.name));

  it.each(files)('%s starts with the "generated — do not edit" header', (file) => {
    expect(readFileSync(file, 'utf8').startsWith('// generated — do not edit.')).toBe(true);
  });
});
