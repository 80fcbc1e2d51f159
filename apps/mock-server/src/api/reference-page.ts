/**
 * The mock's own API reference page, served at `/docs` when swagger-ui is not installed (and at
 * `/docs/reference` always): one self-contained HTML page generated from the bundled spec, no
 * script and no file from elsewhere. Every operation and webhook with its method, path, summary,
 * parameters, request body and responses, and every `x-unspecified` unknown where it marks.
 */
import { html } from 'hono/html';
import {
  contentList,
  deref,
  type Html,
  isJson,
  type Json,
  objectAt,
  schemaSummary,
  textAt,
  unknowns,
} from './reference-parts.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
section{border-top:1px solid #ccc;padding:.5rem 0 1rem}h2 code,h3 code{font-size:1em}
.method{display:inline-block;min-width:4.5em;font-weight:700;text-transform:uppercase}
.unknown{border-left:4px solid #c77c00;background:#fff8eb;padding:.25rem .75rem;margin:.5rem 0}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}
.prose{white-space:pre-line}`;

function parameters(document: Json, operation: Json): Html {
  const list = Array.isArray(operation.parameters) ? operation.parameters : [];
  if (list.length === 0) return html``;
  return html`<h3>Parameters</h3><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th><th>description</th></tr>${list.map(
    (entry) => {
      const { node } = deref(document, entry);
      return html`<tr><td><code>${textAt(node, 'name') ?? ''}</code></td><td>${textAt(node, 'in') ?? ''}</td><td>${isJson(node) && node.required === true ? 'yes' : 'no'}</td><td>${schemaSummary(document, objectAt(node, 'schema'))}</td><td>${textAt(node, 'description') ?? ''}${unknowns(node)}</td></tr>`;
    },
  )}</table>`;
}

function requestBody(document: Json, operation: Json): Html {
  if (!isJson(operation.requestBody)) return html``;
  const { node } = deref(document, operation.requestBody);
  const required = isJson(node) && node.required === true;
  return html`<h3>Request body${required ? ' (required)' : ''}</h3>${textAt(node, 'description') ?? ''}${contentList(document, node)}${unknowns(node)}`;
}

function responses(document: Json, operation: Json): Html {
  const entries = Object.entries(objectAt(operation, 'responses'));
  return html`<h3>Responses</h3><dl>${entries.map(([status, entry]) => {
    const { node } = deref(document, entry);
    return html`<dt><code>${status}</code></dt><dd>${textAt(node, 'description') ?? ''}${contentList(document, node)}${unknowns(entry)}${node === entry ? '' : unknowns(node)}</dd>`;
  })}</dl>`;
}

function operationSection(document: Json, method: string, path: string, operation: Json): Html {
  const servers = Array.isArray(operation.servers) ? operation.servers.filter(isJson) : [];
  return html`<section id="op-${textAt(operation, 'operationId') ?? `${method}-${path}`}">
<h2><span class="method">${method}</span> <code>${path}</code></h2>
<p><strong>${textAt(operation, 'summary') ?? ''}</strong> <code>${textAt(operation, 'operationId') ?? ''}</code></p>
<p class="prose">${textAt(operation, 'description') ?? ''}</p>
${unknowns(operation)}
${servers.map((server) => html`<p>Server: <code>${textAt(server, 'url') ?? ''}</code> ${textAt(server, 'description') ?? ''}</p>${unknowns(server)}`)}
${parameters(document, operation)}${requestBody(document, operation)}${responses(document, operation)}
</section>
`;
}

/** Every operation of a `paths` (or `webhooks`) object, in the document's order. */
function operations(document: Json, items: Json, label: (path: string) => string): Html[] {
  return Object.entries(items).flatMap(([path, item]) =>
    METHODS.filter((method) => isJson(item) && isJson(item[method])).map((method) =>
      operationSection(document, method, label(path), objectAt(item, method)),
    ),
  );
}

/** The variants of a schema (`anyOf` or `oneOf`): an unknown may mark one of them. */
const variantsOf = (schema: Json): unknown[] => {
  const variants = schema.anyOf ?? schema.oneOf;
  return Array.isArray(variants) ? variants : [];
};

function schemaSection(document: Json, name: string, schema: Json): Html {
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

/**
 * The reference page of `document` (the bundled spec with this server as its server).
 *
 * @example
 * const page = String(await referencePage(specFor('http://localhost:4010')));
 */
export function referencePage(document: Json): Html {
  const info = objectAt(document, 'info');
  const components = objectAt(document, 'components');
  const schemes = Object.entries(objectAt(components, 'securitySchemes'));
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${textAt(info, 'title') ?? 'API'}: reference (Video API mock)</title><style>${STYLE}</style></head>
<body>
<h1>${textAt(info, 'title') ?? 'API'} <small>${textAt(info, 'version') ?? ''}</small></h1>
<p>${textAt(info, 'summary') ?? ''} The document as JSON: <a href="/openapi.json">/openapi.json</a>.
Served by the mock from the bundled spec; where the document leaves something open, an <em>unknown</em> shows the readings the mock can play.</p>
<section id="whole-api"><h2>Unknowns about the whole API</h2>${unknowns(document)}</section>
${operations(document, objectAt(document, 'paths'), (path) => path)}
${operations(document, objectAt(document, 'webhooks'), (name) => `webhook ${name}`)}
<section id="security"><h2>Security</h2>${schemes.map(
    ([name, scheme]) =>
      html`<p><code>${name}</code>: ${textAt(scheme, 'type') ?? ''} ${textAt(scheme, 'scheme') ?? ''} ${textAt(scheme, 'description') ?? ''}</p>${unknowns(scheme)}`,
  )}</section>
<section id="schemas"><h2>Schemas</h2>${Object.entries(objectAt(components, 'schemas')).map(
    ([name, schema]) => (isJson(schema) ? schemaSection(document, name, schema) : ''),
  )}</section>
</body></html>
`;
}
