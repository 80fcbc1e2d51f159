/**
 * The console's Unknowns panel: every `x-unspecified` marker of the spec with the sentence of the
 * interface document it comes from (`says`, its § `source`), a link to its place in the API
 * reference and to the operations it touches there (marker-operations.ts), its readings with their
 * sentences, the reading the mock plays now (server-wide) and a labelled form that switches it
 * through `PATCH /__mock/readings` (console-script.ts sends it); a contract report opened in the
 * page shows what a run observed of each (report-script.ts).
 */
// The JSX runtime, for any transformer that runs this source without the package's tsconfig (tsx from another folder).
/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { type UnspecifiedMarker, unspecified } from '@video-api/schema';
import { operationsOf } from './marker-operations.js';

/** Every marker of the spec, in spec order. */
const MARKERS = Object.values(unspecified) as readonly UnspecifiedMarker[];

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
      <button type="submit">Switch {marker.id}</button>
    </form>
  );
}

/** Opens a contract report (report.json) in the page: what it observed, beside what the mock plays. */
function ReportForm() {
  return (
    <form id="report-form" class="filters">
      <label for="report-file">Contract report (report.json)</label>{' '}
      <input id="report-file" name="report" type="file" accept="application/json,.json" />{' '}
      <button type="submit">Play what it observed</button>{' '}
      <span class="hint">shown beside each unknown; the button switches the mock to it (the twin)</span>
    </form>
  );
}

/** Where the unknown is shown in the reference (`#unknown-<id>` there), and the operations it touches. */
function Touches({ marker }: { marker: UnspecifiedMarker }) {
  const operations = operationsOf(marker);
  return (
    <p class="touches">
      <a href={`docs/reference#unknown-${marker.id}`}>
        In the API reference<span class="visually-hidden"> ({marker.id})</span>
      </a>
      {operations.length > 0 && '; operations: '}
      {operations.map((id, index) => (
        <>
          {index > 0 && ', '}
          <a href={`docs/reference#op-${id}`}>{id}</a>
        </>
      ))}
    </p>
  );
}

function Marker({ marker, playing }: { marker: UnspecifiedMarker; playing: string | undefined }) {
  const readings = Object.entries(marker.readings ?? {});
  return (
    <article class="unknown" id={`unknown-${marker.id}`} data-id={marker.id}>
      <h3>
        <code>{marker.id}</code> <span class="source">§{marker.source}</span>
      </h3>
      <blockquote>{marker.says}</blockquote>
      <Touches marker={marker} />
      {marker.note && <p class="note">{marker.note}</p>}
      {readings.length === 0 ? (
        <p class="none">No readings: {marker.noReadings ?? 'the spec lists none'}</p>
      ) : (
        <>
          <p>
            Playing now: <strong data-playing={marker.id}>{playing ?? '(after sign-in)'}</strong>
            <span class="reported" data-reported={marker.id} />
          </p>
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
          <Switch marker={marker} playing={playing} />
        </>
      )}
    </article>
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
      <p>
        What the interface document leaves open, marked <code>x-unspecified</code> in the spec. The mock plays
        one reading of each; switch it here and the next response changes.
      </p>
      <ReportForm />
      {MARKERS.map((marker) => (
        <Marker marker={marker} playing={playing?.[marker.id]} />
      ))}
    </section>
  );
}
