/**
 * The console at `/`: one server-rendered page (hono/jsx) with the mock's base URL, the access
 * warning, a navigation to its panels and the API reference; in two columns, the Unknowns table
 * with the Videos, Webhooks and Faults panels below it, and beside them the Journal, which stays
 * in view. Its own script, style and icon come from the mock (console-assets.ts), nothing from
 * elsewhere. Paths are relative, so the page works below a prefix too (a sandbox, the msw
 * handlers' base URL).
 */
// The JSX runtime, for any transformer that runs this source without the package's tsconfig (tsx from another folder).
/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { openapiDocument } from '@video-api/schema/openapi';
import type { AccessView } from '../control/admin-routes.js';
import { CONSOLE_ICON_URL, CONSOLE_SCRIPT_URL, CONSOLE_STYLE_URL } from './console-assets.js';
import { JournalPanel } from './journal-panel.js';
import { UnknownsPanel } from './unknowns-panel.js';
import { VideosPanel } from './videos-panel.js';
import { FaultsPanel, WebhooksPanel } from './webhooks-panel.js';

const info = (openapiDocument as { info?: { title?: string; version?: string } }).info ?? {};

/** What the page shows of the server when it is rendered. */
export interface ConsoleView {
  /** The base URL the mock is served at. */
  origin: string;
  access: AccessView;
  /** The readings playing now; undefined when the admin API needs a token (the script asks for it). */
  playing: Readonly<Record<string, string>> | undefined;
}

/** Where the console leads: its panels, and the API reference that shows the unknowns inline. */
const PLACES: readonly (readonly [href: string, label: string])[] = [
  ['#unknowns', 'Unknowns'],
  ['#journal', 'Journal'],
  ['#videos', 'Videos'],
  ['#webhooks', 'Webhooks'],
  ['#faults', 'Faults'],
  ['docs', 'API reference'],
];

function Nav() {
  return (
    <nav class="console-nav" aria-label="Console">
      <ul>
        {PLACES.map(([href, label]) => (
          <li>
            <a href={href}>{label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function TokenForm() {
  return (
    <form id="token-form" class="token">
      <label for="admin-token">Admin token</label>{' '}
      <input id="admin-token" name="token" type="password" autocomplete="off" />{' '}
      <button type="submit">Use token</button>{' '}
      <span class="hint">This mock's admin API needs it (--admin-token); kept in this tab only.</span>
    </form>
  );
}

/** The whole page, as a string with its doctype. */
export function consolePage(view: ConsoleView): string {
  const page = (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Video API mock: console</title>
        <link rel="icon" href={CONSOLE_ICON_URL} type="image/svg+xml" />
        <link rel="stylesheet" href={CONSOLE_STYLE_URL} />
        <script src={CONSOLE_SCRIPT_URL} defer />
      </head>
      <body>
        <header>
          <h1>Video API mock</h1>
          <p>
            {info.title} {info.version}, served at <code>{view.origin}</code>. API reference with the unknowns
            inline: <a href="docs">docs</a>; the spec: <a href="openapi.json">openapi.json</a>; admin API:{' '}
            <a href="__mock/openapi.json">__mock/openapi.json</a>.
          </p>
          {view.access.warning && (
            <p class="warning" role="alert">
              <strong>Warning:</strong> {view.access.warning}
            </p>
          )}
          {view.access.adminToken && <TokenForm />}
          <Nav />
          <p id="status" role="status" aria-live="polite" />
        </header>
        <main class="columns">
          <UnknownsPanel playing={view.playing} />
          <JournalPanel />
          <VideosPanel />
          <WebhooksPanel />
          <FaultsPanel />
        </main>
      </body>
    </html>
  );
  return `<!doctype html>${page.toString()}`;
}
