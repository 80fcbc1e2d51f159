/**
 * The operations an unknown touches, for the console's links to the reference: the operation its
 * marker sits in (its pointer under `/paths` or `/webhooks`), and those its readings' meaning
 * names (`status`, `refuses[].on`, `requests[].on`). Markers on shared components name none
 * beyond their meaning's.
 */
import type { UnspecifiedMarker } from '@video-api/schema';
import { openapiDocument } from '@video-api/schema/openapi';

type Operations = Record<string, Record<string, { operationId?: string } | undefined> | undefined>;

const document = openapiDocument as unknown as { paths?: Operations; webhooks?: Operations };

/** Every operation id of the spec, in its order (paths, then webhooks). */
const SPEC_ORDER = [document.paths, document.webhooks].flatMap((items) =>
  Object.values(items ?? {}).flatMap((item) =>
    Object.values(item ?? {}).flatMap((operation) => (operation?.operationId ? [operation.operationId] : [])),
  ),
);

/** The operation id at a JSON Pointer inside `/paths/{path}/{method}` or `/webhooks/{name}/{method}`. */
function operationAt(pointer: string): string | undefined {
  const [, section, name, method] = pointer
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if ((section !== 'paths' && section !== 'webhooks') || name === undefined || method === undefined)
    return undefined;
  return document[section]?.[name]?.[method]?.operationId;
}

/** The operation ids `marker` touches, in spec order. */
export function operationsOf(marker: UnspecifiedMarker): string[] {
  const named = new Set<string>();
  const at = operationAt(marker.pointer);
  if (at) named.add(at);
  for (const meaning of Object.values(marker.meaning ?? {})) {
    for (const id of Object.keys(meaning.status ?? {})) named.add(id);
    for (const { on } of [...(meaning.refuses ?? []), ...(meaning.requests ?? [])])
      for (const id of on) named.add(id);
  }
  return SPEC_ORDER.filter((id) => named.has(id));
}
