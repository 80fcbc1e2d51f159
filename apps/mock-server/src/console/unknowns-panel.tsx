/**
 * The console's Unknowns table: every `x-unspecified` marker of the spec, one row each, grouped by
 * the section of the interface document it comes from (its § `source`, with the section's heading):
 * its id and links to its place in the API reference and to the operations it touches there
 * (marker-operations.ts), the sentence of the document (`says`) with its readings' sentences and
 * its note behind a disclosure, the reading the mock plays now (server-wide) with the row's switch
 * (a select named for the unknown, sent as `PATCH /__mock/readings` by ./browser/readings.ts), and
 * what an opened contract report observed of it (./browser/report.ts).
 */
// The JSX runtime, for any transformer that runs this source without the package's tsconfig (tsx from another folder).
/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { type UnspecifiedMarker, unspecified } from '@video-api/schema';
import { INTERFACE_SECTIONS } from '../generated/interface-sections.js';
import { operationsOf } from './marker-operations.js';

/** Every marker of the spec, in spec order. */
const MARKERS = Object.values(unspecified) as readonly UnspecifiedMarker[];

/** `4.10` after `4.9`: section numbers compared part by part. */
const bySection = (a: string, b: string): number => {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const difference = (x[i] ?? -1) - (y[i] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
};

/** The markers grouped by section, sections in the document's order, markers in the spec's. */
const SECTIONS: readonly (readonly [source: string, markers: readonly UnspecifiedMarker[]])[] = [
  ...new Set(MARKERS.map((marker) => marker.source)),
]
  .sort(bySection)
  .map((source) => [source, MARKERS.filter((marker) => marker.source === source)] as const);

function Switch({ marker, playing }: { marker: UnspecifiedMarker; playing: string | undefined }) {
  const names = Object.keys(marker.readings ?? {});
  const selectId = `pick-${marker.id}`;
  return (
    <form class="switch" data-unknown={marker.id}>
      <label for={selectId}>
        Play<span class="visually-hidden"> for {marker.id}</span>
      </label>{' '}
      <select id={selectId} name="reading">
        {names.map((name) => (
          <option value={name} selected={name === playing}>
            {name}
          </option>
        ))}
      </select>{' '}
      <button type="submit">
        Switch<span class="visually-hidden"> {marker.id}</span>
      </button>
    </form>
  );
}

/** Opens a contract report (report.json) in the page: what it observed, beside what the mock plays. */
function ReportForm() {
  return (
    <form id="report-form" class="filters">
      <label for="report-file">A contract report (report.json), shown beside each unknown:</label>{' '}
      <input id="report-file" name="report" type="file" accept="application/json,.json" />{' '}
      <button type="submit">Play what it observed</button>
    </form>
  );
}

/** Where the unknown is shown in the reference (`#unknown-<id>` there), and the operations it touches. */
function Touches({ marker }: { marker: UnspecifiedMarker }) {
  const operations = operationsOf(marker);
  return (
    <p class="touches">
      <a href={`docs#unknown-${marker.id}`}>
        In the reference<span class="visually-hidden"> ({marker.id})</span>
      </a>
      {operations.length > 0 && '; operations: '}
      {operations.map((id, index) => (
        <>
          {index > 0 && ', '}
          <a href={`docs#op-${id}`}>{id}</a>
        </>
      ))}
    </p>
  );
}

/** The unknown's readings with their sentences, and its note, behind a disclosure. */
function More({ marker, playing }: { marker: UnspecifiedMarker; playing: string | undefined }) {
  const readings = Object.entries(marker.readings ?? {});
  if (readings.length === 0 && !marker.note) return null;
  const what = [readings.length > 0 && `${readings.length} readings`, marker.note && 'a note'].filter(
    Boolean,
  );
  return (
    <details>
      <summary>
        {what.join(' and ')}
        <span class="visually-hidden"> of {marker.id}</span>
      </summary>
      {marker.note && <p class="note">{marker.note}</p>}
      {readings.length > 0 && (
        <ul class="readings">
          {readings.map(([name, sentence]) => (
            <li
              data-reading-of={marker.id}
              data-reading={name}
              class={name === playing ? 'playing' : undefined}
            >
              <code>{name}</code>: {sentence}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

/** What the mock plays of the unknown and its switch; or why it has none. */
function Playing({ marker, playing }: { marker: UnspecifiedMarker; playing: string | undefined }) {
  if (Object.keys(marker.readings ?? {}).length === 0)
    return <p class="none">No readings: {marker.noReadings ?? 'the spec lists none'}</p>;
  return (
    <>
      <p>
        Playing now: <strong data-playing={marker.id}>{playing ?? '(after sign-in)'}</strong>
        <span class="reported" data-reported={marker.id} />
      </p>
      <Switch marker={marker} playing={playing} />
    </>
  );
}

function Row({ marker, playing }: { marker: UnspecifiedMarker; playing: string | undefined }) {
  return (
    <tr class="unknown" id={`unknown-${marker.id}`} data-id={marker.id}>
      <th scope="row">
        <code>{marker.id}</code>
        <Touches marker={marker} />
      </th>
      <td>
        <blockquote>{marker.says}</blockquote>
        <More marker={marker} playing={playing} />
      </td>
      <td>
        <Playing marker={marker} playing={playing} />
      </td>
    </tr>
  );
}

/**
 * The panel; `playing` is the server's readings, or undefined when the admin API needs a token the
 * page does not have yet (the script fills them in after sign-in).
 */
export function UnknownsPanel({ playing }: { playing: Readonly<Record<string, string>> | undefined }) {
  return (
    <section id="unknowns" aria-labelledby="unknowns-title">
      <h2 id="unknowns-title">Unknowns ({MARKERS.length})</h2>
      <p class="hint">
        What the interface document leaves open (<code>x-unspecified</code> in the spec), by its sections. The
        mock plays one reading of each: switch it here, and the next response plays the new one.
      </p>
      <table id="unknowns-table">
        <caption class="visually-hidden">
          The unknowns by section of the interface document, with the reading the mock plays
        </caption>
        <thead>
          <tr>
            <th scope="col">unknown</th>
            <th scope="col">the document says</th>
            <th scope="col">the mock plays</th>
          </tr>
        </thead>
        {SECTIONS.map(([source, markers]) => (
          <tbody>
            <tr>
              <th scope="rowgroup" colspan={3} id={`section-${source}`}>
                §{source} {INTERFACE_SECTIONS[source] ?? ''}
              </th>
            </tr>
            {markers.map((marker) => (
              <Row marker={marker} playing={playing?.[marker.id]} />
            ))}
          </tbody>
        ))}
      </table>
      <ReportForm />
    </section>
  );
}
