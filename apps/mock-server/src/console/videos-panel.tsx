/**
 * The console's Videos panel: the virtual clock, a form that advances it
 * (`POST /__mock/clock/advance`), reset (`POST /__mock/reset`), and the stored videos with their
 * phase (`GET /__mock/videos`), filled and refreshed by ./browser/state.ts, and a player for a ready
 * one (./browser/player.ts).
 */
// The JSX runtime, for any transformer that runs this source without the package's tsconfig (tsx from another folder).
/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { Table } from './table.js';

export function VideosPanel() {
  return (
    <section id="videos" aria-labelledby="videos-title">
      <h2 id="videos-title">Videos</h2>
      <p>
        Virtual clock: <output id="clock-now">…</output>
      </p>
      <form id="clock-form" class="filters">
        <label for="advance-ms">Advance the clock by (ms)</label>{' '}
        <input id="advance-ms" name="ms" type="number" min="1" step="1" value="60000" required />{' '}
        <button type="submit">Advance</button>
      </form>
      <form id="reset-form" class="filters">
        <button type="submit">Reset the mock</button>{' '}
        <span class="hint">forgets videos, journal and faults; restores the start readings</span>
      </form>
      <Table
        caption="Stored videos, oldest first"
        columns={['key', 'title', 'phase', 'as GET answers it', 'play']}
        body="video-rows"
      />
      <figure id="player-box" hidden>
        <video id="player" controls muted playsinline aria-labelledby="player-title" width={640} />
        <figcaption id="player-title">Player</figcaption>
      </figure>
    </section>
  );
}
