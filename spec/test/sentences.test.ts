/**
 * The words of the markers agree with the document and with their meaning: each `says` quotes
 * interface.md (fragments joined by " … "), and each reading's sentence names every status, limit
 * and word its meaning gives (and the method, headers and part media types of a request it
 * concerns), and never an unnamed "4xx".
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkMarkers, interfacePath, loadSpec } from '../tools/markers.js';

const { markers } = checkMarkers(loadSpec());
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const document = squash(readFileSync(interfacePath, 'utf8'));

describe('says quotes the document', () => {
  it.each(markers.map((m) => [m.id, m.says]))('%s: "%s"', (_id, says) => {
    for (const fragment of says.split(' … ')) expect(document).toContain(squash(fragment));
  });
});

/** The numbers a reading's meaning gives: refusal and success statuses, and the bounds it sets. */
function numbersOf(meaning: NonNullable<(typeof markers)[number]['meaning']>[string]): number[] {
  const bounds = (meaning.narrows ?? []).flatMap(({ set }) =>
    Object.entries(set).flatMap(([keyword, value]) =>
      keyword === 'minItems' && value === 1 ? [] : typeof value === 'number' ? [value] : [],
    ),
  );
  const nested = (meaning.narrows ?? []).flatMap(({ set }) =>
    typeof (set.propertyNames as { maxLength?: number } | undefined)?.maxLength === 'number'
      ? [(set.propertyNames as { maxLength: number }).maxLength]
      : [],
  );
  return [
    ...(meaning.refuses ?? []).map((r) => r.status),
    ...Object.values(meaning.status ?? {}),
    ...bounds,
    ...nested,
  ];
}

const readings = markers.flatMap((m) =>
  Object.entries(m.readings ?? {}).map(([reading, sentence]) => [m.id, reading, sentence] as const),
);

describe('reading sentences agree with their meaning', () => {
  it.each(readings)('%s: %s says no unnamed 4xx', (_id, _reading, sentence) => {
    expect(sentence).not.toMatch(/\b4xx\b/i);
  });

  const withMeaning = readings.filter(
    ([id, reading]) => markers.find((m) => m.id === id)?.meaning?.[reading],
  );
  it.each(withMeaning)('%s: %s names each status, limit and word of its meaning', (id, reading, sentence) => {
    const meaning = markers.find((m) => m.id === id)?.meaning?.[reading] ?? {};
    for (const number of numbersOf(meaning)) expect(sentence).toContain(String(number));
    for (const word of meaning.words ?? []) expect(sentence).toContain(word);
    for (const header of meaning.headers ?? []) expect(sentence).toContain(header);
    if (meaning.method) expect(sentence).toContain(meaning.method.toUpperCase());
    for (const type of Object.values(meaning.parts ?? {})) expect(sentence).toContain(type);
  });
});
