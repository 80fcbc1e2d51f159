/**
 * The pieces of the mock's own API reference page (reference-page.ts): reading the spec as plain
 * JSON, an `x-unspecified` marker shown where it marks, and a schema in a few words.
 */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;
export type Json = Record<string, unknown>;

export function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The member `key` of `node` when it is an object, else an empty object. */
export function objectAt(node: unknown, key: string): Json {
  const value = isJson(node) ? node[key] : undefined;
  return isJson(value) ? value : {};
}

export function textAt(node: unknown, key: string): string | undefined {
  const value = isJson(node) ? node[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** Follows a local `$ref` (`#/components/…`) once; anything else is returned as it is. */
export function deref(document: Json, node: unknown): { node: unknown; name?: string } {
  const ref = textAt(node, '$ref');
  if (ref === undefined || !ref.startsWith('#/')) return { node };
  const parts = ref.slice(2).split('/');
  let target: unknown = document;
  for (const part of parts) target = objectAt(target, part.replaceAll('~1', '/').replaceAll('~0', '~'));
  return { node: target, name: parts.at(-1) };
}

/** The `x-unspecified` markers on one node of the spec (a single marker or a list of them). */
export function markersOn(node: unknown): Json[] {
  const value = isJson(node) ? node['x-unspecified'] : undefined;
  return (Array.isArray(value) ? value : [value]).filter(isJson);
}

/** Shows the markers on a node; `shown` holds the ids shown so far (each anchored once). */
export type Unknowns = ((node: unknown) => Html) & { shown: ReadonlySet<string> };

/**
 * A renderer of the unknowns marked on a node, each with its section, the document's words, its
 * readings and a link to its control in the console at `consoleUrl` (`#unknown-<id>` there). The
 * first place a marker is shown carries its anchor, `unknown-<id>`, which the console links to.
 */
export function unknownsRenderer(consoleUrl: string): Unknowns {
  const shown = new Set<string>();
  const render = (node: unknown): Html =>
    html`${markersOn(node).map((marker) => {
      const id = textAt(marker, 'id') ?? '';
      const readings = Object.entries(objectAt(marker, 'readings'));
      const mock = textAt(marker, 'mock');
      const anchor = shown.has(id) ? '' : html` id="unknown-${id}"`;
      shown.add(id);
      return html`<aside class="unknown" data-unknown="${id}"${anchor}>
<p><strong>Unknown <code>${id}</code></strong> (§${textAt(marker, 'source') ?? '?'}): ${textAt(marker, 'says') ?? ''}
<a class="to-console" href="${consoleUrl}#unknown-${id}">${readings.length > 0 ? 'Switch its reading in the console' : 'In the console'}<span class="visually-hidden"> (${id})</span></a></p>
${
  readings.length > 0
    ? html`<ul>${readings.map(
        ([name, sentence]) =>
          html`<li><code>${name}</code>${name === mock ? html` <em>(the mock's default)</em>` : ''}: ${String(sentence)}</li>`,
      )}</ul>`
    : ''
}</aside>
`;
    })}`;
  return Object.assign(render, { shown: shown as ReadonlySet<string> });
}

/** A schema in a few words: its type, a link to the component it names, its variants. */
export function schemaSummary(document: Json, schema: unknown): Html {
  const ref = textAt(schema, '$ref');
  if (ref !== undefined) {
    const name = deref(document, schema).name ?? ref;
    return html`<a href="#schema-${name}">${name}</a>`;
  }
  if (!isJson(schema)) return html`any`;
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants)) {
    return html`${variants.map((variant, index) => html`${index > 0 ? ' | ' : ''}${schemaSummary(document, variant)}`)}`;
  }
  if (schema.type === 'array') return html`array of ${schemaSummary(document, schema.items)}`;
  if (Array.isArray(schema.enum))
    return html`one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  if ('const' in schema) return html`${JSON.stringify(schema.const)}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : textAt(schema, 'type');
  const format = textAt(schema, 'format');
  return html`${type ?? 'any'}${format ? ` (${format})` : ''}`;
}

/** The `content` of a request body or response: one line per media type, with its schema. */
export function contentList(document: Json, node: unknown): Html {
  const entries = Object.entries(objectAt(node, 'content'));
  if (entries.length === 0) return html``;
  return html`<ul class="content">${entries.map(
    ([mediaType, media]) =>
      html`<li><code>${mediaType}</code>: ${schemaSummary(document, isJson(media) ? media.schema : undefined)}</li>`,
  )}</ul>`;
}
