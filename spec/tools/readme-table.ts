/**
 * The unknowns section of spec/README.md, rendered from the markers: the counts and one row per
 * marker. `tsx tools/readme-table.ts --write` rewrites it; spec/test/readme.test.ts fails when the
 * README differs from what the markers say.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkMarkers, type LocatedMarker, loadSpec } from './markers.js';

export const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));
export const START = '<!-- unknowns: generated from the markers by tools/readme-table.ts -->';
export const END = '<!-- unknowns: end -->';

const sectionOrder = (source: string) =>
  source
    .split('.')
    .map((n) => n.padStart(3, '0'))
    .join('.');

function row(marker: LocatedMarker): string {
  const readings = marker.readings
    ? Object.keys(marker.readings)
        .map((r) => (r === marker.mock ? `**${r}**` : r))
        .join(', ')
    : '— (no readings: see its `noReadings`)';
  return `| \`${marker.id}\` | ${marker.source} | ${readings} | \`${marker.pointer === '' ? '(root)' : marker.pointer}\` |`;
}

/** The generated section, between START and END. */
export function renderUnknowns(markers: LocatedMarker[] = checkMarkers(loadSpec()).markers): string {
  const sorted = [...markers].sort((a, b) => sectionOrder(a.source).localeCompare(sectionOrder(b.source)));
  const withReadings = markers.filter((m) => m.readings).length;
  return [
    START,
    `${markers.length} unknowns are marked, ${withReadings} with readings; the other ${markers.length - withReadings} say in \`noReadings\` why they have none.`,
    '',
    '| id | § | readings (mock default in bold) | marked at |',
    '|---|---|---|---|',
    ...sorted.map(row),
    END,
  ].join('\n');
}

/** The README with its generated section replaced. */
export function withUnknowns(readme: string, section = renderUnknowns()): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start)
    throw new Error(`spec/README.md has no section between "${START}" and "${END}"`);
  return readme.slice(0, start) + section + readme.slice(end + END.length);
}

if (process.argv.includes('--write')) {
  writeFileSync(readmePath, withUnknowns(readFileSync(readmePath, 'utf8')));
}
