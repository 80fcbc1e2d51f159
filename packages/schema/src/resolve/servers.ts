/**
 * The servers of a resolved document: one concrete address (the one `resolve` is given, else the
 * mock's, the default of the honest document's `base_url`) in place of the `{base_url}` template,
 * which some SDK generators copy as literal text. The upload operation (§4.2, `upload-host`) keeps a
 * server of its own only when its host differs; otherwise it goes to the document's server, as
 * generators that ignore operation servers send it anyway. The `upload-host` marker stays, on the
 * server that carries the upload host or on the operation.
 */

import { isObject, type JsonObject } from '../json-object.js';
import { operationsOf } from './document.js';

/** The addresses a resolved document names. */
export interface ServerChoice {
  /** The base address (`--server`); undefined: the mock's. */
  server?: string;
  /** The upload host (`--upload-server`); undefined: the base address. */
  uploadServer?: string;
}

/** A server's URL with every `{variable}` replaced by its default. */
function concrete(server: unknown): string | undefined {
  if (!isObject(server) || typeof server.url !== 'string') return undefined;
  const variables = isObject(server.variables) ? server.variables : {};
  return server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isObject(variable) && typeof variable.default === 'string' ? variable.default : whole;
  });
}

/** Problems with an address given to `resolve`: it must be an absolute http(s) URL. */
export function serverProblems(choice: ServerChoice): string[] {
  return Object.entries(choice).flatMap(([option, url]) => {
    if (url === undefined) return [];
    const parsed = URL.canParse(url) ? new URL(url) : undefined;
    if (parsed && (parsed.protocol === 'http:' || parsed.protocol === 'https:')) return [];
    return [`${option} "${url}" is not an absolute URL (accepted: http:// or https:// and a host)`];
  });
}

/** Writes the concrete servers into `document` (in place). */
export function resolveServers(document: JsonObject, choice: ServerChoice): void {
  const [first] = Array.isArray(document.servers) ? document.servers : [];
  const base = (choice.server ?? concrete(first) ?? 'http://localhost:4010').replace(/\/$/, '');
  const from =
    choice.server === undefined
      ? "the mock's address (the default of base_url)"
      : 'the address resolve was given';
  document.servers = [{ url: base, description: `The service's base address: ${from}.` }];
  const upload = operationsOf(document).find(({ operationId }) => operationId === 'uploadVideoSource');
  if (upload === undefined) return;
  const [own] = Array.isArray(upload.operation.servers) ? (upload.operation.servers as unknown[]) : [];
  const marker = isObject(own) ? own['x-unspecified'] : undefined;
  const host = (choice.uploadServer ?? base).replace(/\/$/, '');
  if (host !== base) {
    upload.operation.servers = [
      {
        url: host,
        description: 'The upload host, given to resolve apart from the base address (§4.2).',
        ...(marker ? { 'x-unspecified': marker } : {}),
      },
    ];
    return;
  }
  delete upload.operation.servers;
  if (marker === undefined) return;
  const markers = upload.operation['x-unspecified'];
  upload.operation['x-unspecified'] = [
    ...(Array.isArray(markers) ? markers : markers ? [markers] : []),
    marker,
  ];
}
