/**
 * The mock's own API reference page, served at `/docs` on every platform: one self-contained HTML
 * page generated from the bundled spec, no script and no file from elsewhere. Every operation and
 * webhook with its method, path, summary, parameters, request body and responses, and every
 * `x-unspecified` unknown where it marks.
 */
import { html } from 'hono/html';
import { REFERENCE_STYLE } from '../generated/reference-style.js';
import {
  contentList,
  deref,
  type Html,
  isJson,
  type Json,
  markersOn,
  objectAt,
  schemaSummary,
  textAt,
  type Unknowns,
  unknownsRenderer,
} from './reference-parts.js';

/** One page being rendered: its document, and its unknowns (each anchored where first shown). */
interface Reference {
  document: Json;
  unknowns: Unknowns;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function parameters({ document, unknowns }: Reference, operation: Json): Html {
  const list = Array.isArray(operation.parameters) ? operation.parameters : [];
  if (list.length === 0) return html``;
  return html`<h3>Parameters</h3><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th><th>description</th></tr>${list.map(
    (entry) => {
      const { node } = deref(document, entry);
      return html`<tr><td><code>${textAt(node, 'name') ?? ''}</code></td><td>${textAt(node, 'in') ?? ''}</td><td>${isJson(node) && node.required === true ? 'yes' : 'no'}</td><td>${schemaSummary(document, objectAt(node, 'schema'))}</td><td>${textAt(node, 'description') ?? ''}${unknowns(node)}</td></tr>`;
    },
  )}</table>`;
}

function requestBody({ document, unknowns }: Reference, operation: Json): Html {
  if (!isJson(operation.requestBody)) return html``;
  const { node } = deref(document, operation.requestBody);
  const required = isJson(node) && node.required === true;
  return html`<h3>Request body${required ? ' (required)' : ''}</h3>${textAt(node, 'description') ?? ''}${contentList(document, node)}${unknowns(node)}`;
}

function responses({ document, unknowns }: Reference, operation: Json): Html {
  const entries = Object.entries(objectAt(operation, 'responses'));
  return html`<h3>Responses</h3><dl>${entries.map(([status, entry]) => {
    const { node } = deref(document, entry);
    return html`<dt><code>${status}</code></dt><dd>${textAt(node, 'description') ?? ''}${contentList(document, node)}${unknowns(entry)}${node === entry ? '' : unknowns(node)}</dd>`;
  })}</dl>`;
}

function operationSection(ref: Reference, method: string, path: string, operation: Json): Html {
  const { unknowns } = ref;
  const servers = Array.isArray(operation.servers) ? operation.servers.filter(isJson) : [];
  return html`<section id="op-${textAt(operation, 'operationId') ?? `${method}-${path}`}">
<h2><span class="method">${method}</span> <code>${path}</code></h2>
<p><strong>${textAt(operation, 'summary') ?? ''}</strong> <code>${textAt(operation, 'operationId') ?? ''}</code></p>
<p class="prose">${textAt(operation, 'description') ?? ''}</p>
${unknowns(operation)}
${servers.map((server) => html`<p>Server: <code>${textAt(server, 'url') ?? ''}</code> ${textAt(server, 'description') ?? ''}</p>${unknowns(server)}`)}
${parameters(ref, operation)}${requestBody(ref, operation)}${responses(ref, operation)}
</section>
`;
}

/** Every operation of a `paths` (or `webhooks`) object, in the document's order. */
function operations(ref: Reference, items: Json, label: (path: string) => string): Html[] {
  return Object.entries(items).flatMap(([path, item]) =>
    METHODS.filter((method) => isJson(item) && isJson(item[method])).map((method) =>
      operationSection(ref, method, label(path), objectAt(item, method)),
    ),
  );
}

/** The variants of a schema (`anyOf` or `oneOf`): an unknown may mark one of them. */
const variantsOf = (schema: Json): unknown[] => {
  const variants = schema.anyOf ?? schema.oneOf;
  return Array.isArray(variants) ? variants : [];
};

function schemaSection({ document, unknowns }: Reference, name: string, schema: Json): Html {
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const properties = Object.entries(objectAt(schema, 'properties'));
  return html`<section id="schema-${name}"><h3><code>${name}</code>: ${schemaSummary(document, schema)}</h3>
<p class="prose">${textAt(schema, 'description') ?? ''}</p>${unknowns(schema)}${variantsOf(schema).map(unknowns)}
${
  properties.length > 0
    ? html`<table><tr><th>property</th><th>schema</th><th>required</th><th>description</th></tr>${properties.map(
        ([property, value]) =>
          html`<tr><td><code>${property}</code></td><td>${schemaSummary(document, value)}</td><td>${required.has(property) ? 'yes' : 'no'}</td><td>${textAt(value, 'description') ?? ''}${unknowns(value)}</td></tr>`,
      )}</table>`
    : ''
}</section>
`;
}

/** Every node of `node` that carries markers, with its JSON Pointer (markers' own members aside). */
function markedNodes(node: unknown, pointer = ''): { node: Json; pointer: string }[] {
  if (typeof node !== 'object' || node === null) return [];
  const here = isJson(node) && markersOn(node).length > 0 ? [{ node, pointer }] : [];
  return here.concat(
    Object.entries(node)
      .filter(([key]) => key !== 'x-unspecified')
      .flatMap(([key, value]) =>
        markedNodes(value, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`),
      ),
  );
}

/** The unknowns no section above showed (markers deeper than the page goes), at their pointers. */
function elsewhere({ document, unknowns }: Reference): Html {
  const rest = markedNodes(document).flatMap(({ node, pointer }) => {
    const unshown = markersOn(node).filter((marker) => !unknowns.shown.has(textAt(marker, 'id') ?? ''));
    return unshown.length > 0 ? [{ pointer, node: { 'x-unspecified': unshown } }] : [];
  });
  if (rest.length === 0) return html``;
  return html`<section id="elsewhere"><h2>Unknowns elsewhere in the document</h2>${rest.map(
    ({ pointer, node }) => html`<h3><code>${pointer}</code></h3>${unknowns(node)}`,
  )}</section>`;
}

/**
 * The path of the document's first server (this mock, with its prefix under msw or a sandbox),
 * without a trailing slash: `''` at the root, or when it has none. Links made of it stay on the
 * host the page was read from.
 */
function serverPath(document: Json): string {
  const url = Array.isArray(document.servers) ? textAt(document.servers[0], 'url') : undefined;
  if (url === undefined || !URL.canParse(url)) return '';
  return new URL(url).pathname.replace(/\/+$/, '');
}

/**
 * The reference page of `document` (the bundled spec with this server as its server). Each
 * unknown is anchored at `#unknown-<id>` and links to its control in the console, at the server's
 * path `/`.
 *
 * @example
 * const page = String(await referencePage(specFor('http://localhost:4010')));
 */
export function referencePage(document: Json): Html {
  const server = serverPath(document);
  const ref: Reference = { document, unknowns: unknownsRenderer(`${server}/`) };
  const { unknowns } = ref;
  const info = objectAt(document, 'info');
  const components = objectAt(document, 'components');
  const schemes = Object.entries(objectAt(components, 'securitySchemes'));
  const body = html`<section id="whole-api"><h2>Unknowns about the whole API</h2>${unknowns(document)}</section>
${operations(ref, objectAt(document, 'paths'), (path) => path)}
${operations(ref, objectAt(document, 'webhooks'), (name) => `webhook ${name}`)}
<section id="security"><h2>Security</h2>${schemes.map(
    ([name, scheme]) =>
      html`<p><code>${name}</code>: ${textAt(scheme, 'type') ?? ''} ${textAt(scheme, 'scheme') ?? ''} ${textAt(scheme, 'description') ?? ''}</p>${unknowns(scheme)}`,
  )}</section>
<section id="schemas"><h2>Schemas</h2>${Object.entries(objectAt(components, 'schemas')).map(
    ([name, schema]) => (isJson(schema) ? schemaSection(ref, name, schema) : ''),
  )}</section>
${elsewhere(ref)}`;
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${textAt(info, 'title') ?? 'API'}: reference (Video API mock)</title><style>${REFERENCE_STYLE}</style></head>
<body>
<nav aria-label="Mock"><a href="${server}/">Console</a> · <a href="${server}/openapi.json">openapi.json</a></nav>
<main>
<h1>${textAt(info, 'title') ?? 'API'} <small>${textAt(info, 'version') ?? ''}</small></h1>
<p>${textAt(info, 'summary') ?? ''} The document as JSON: <a href="${server}/openapi.json">openapi.json</a>.
Served by the mock from the bundled spec; where the document leaves something open, an <em>unknown</em> shows the readings the mock can play, and links to the console, where you switch the one it plays.</p>
${body}
</main>
</body></html>
`;
}
