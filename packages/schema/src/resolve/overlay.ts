/**
 * The choices of a resolved document as an OpenAPI Overlay 1.0 over the honest spec: the actions
 * that turn `spec/openapi.yaml` into the resolved document, found by comparing the two. An array
 * or object whose value changed (other than an object into an object) is removed and written again
 * through its parent, since an Overlay `update` merges into objects and appends to arrays.
 */
import { isObject, type JsonObject } from '../json-object.js';

/** One Overlay action: a JSONPath target and either an update to merge or a removal. */
export type OverlayAction = { target: string; update: JsonObject } | { target: string; remove: true };

/** An OpenAPI Overlay 1.0 document. */
export interface OverlayDocument {
  overlay: '1.0.0';
  info: { title: string; version: string };
  actions: OverlayAction[];
}

/** A JSONPath (RFC 9535) step selecting the member `key`, in bracket notation. */
const step = (key: string): string => `['${key.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}']`;

/** The actions that turn `from` into `to` below the node at `path` (both objects). */
function actionsBetween(from: JsonObject, to: JsonObject, path: string, actions: OverlayAction[]): void {
  const update: JsonObject = {};
  for (const key of Object.keys(from)) {
    if (!Object.hasOwn(to, key)) actions.push({ target: path + step(key), remove: true });
  }
  for (const [key, value] of Object.entries(to)) {
    if (!Object.hasOwn(from, key)) update[key] = value;
    else if (isObject(from[key]) && isObject(value)) {
      actionsBetween(from[key] as JsonObject, value, path + step(key), actions);
    } else if (JSON.stringify(from[key]) !== JSON.stringify(value)) {
      // An update replaces a scalar, but merges into an object and appends to an array.
      if (typeof from[key] === 'object' && from[key] !== null)
        actions.push({ target: path + step(key), remove: true });
      update[key] = value;
    }
  }
  if (Object.keys(update).length > 0) actions.push({ target: path, update });
}

/**
 * The Overlay that turns `base` into `resolved`.
 *
 * @example
 * overlayBetween(openapiDocument, resolved, 'Readings: status-codes=semantic').actions[0];
 * // { target: "$['paths']['/api/v1/videos']['post']['responses']['2XX']", remove: true }
 */
export function overlayBetween(base: JsonObject, resolved: JsonObject, title: string): OverlayDocument {
  const actions: OverlayAction[] = [];
  actionsBetween(base, resolved, '$', actions);
  const version = String((base.info as JsonObject | undefined)?.version ?? '0');
  return { overlay: '1.0.0', info: { title, version }, actions };
}
