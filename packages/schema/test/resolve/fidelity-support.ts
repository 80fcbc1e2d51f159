/** What the reading-fidelity tests share: a resolved document of chosen readings, walked as JSON. */
import { type JsonObject, resolveSpec } from '../../src/resolve/index.js';

// biome-ignore lint/suspicious/noExplicitAny: the tests walk the JSON of the document.
export type Doc = Record<string, any>;

/** The resolved document of the readings chosen as flags. */
export const resolved = (readings: Record<string, string>): Doc => resolveSpec({ readings }).document as Doc;

/** The webhook's delivery, under whichever method the document puts it. */
export const webhookOperation = (document: JsonObject): Doc => {
  const item = (document as Doc).webhooks.videoReadiness;
  return item.post ?? item.put;
};

/** The node a `$ref` of the document stands for (or the node itself). */
export const deref = (document: Doc, node: Doc): Doc =>
  typeof node?.$ref === 'string'
    ? node.$ref
        .slice(2)
        .split('/')
        .reduce((at: Doc, key: string) => at?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], document)
    : node;
