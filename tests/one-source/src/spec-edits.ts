/**
 * The changes of the spec a maintainer makes most (issue 24's acceptance, and issue 35's): a
 * reading added to an existing unknown, an operation added to the paths, and a member added to the
 * create entry, written into spec/openapi.yaml as a contributor would write them (CONTRIBUTING's
 * worked examples).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { type Document, isMap, parseDocument, visit, type YAMLMap } from 'yaml';

/** The marker `id` of the document, wherever it sits. */
function markerNode(doc: Document, id: string): YAMLMap {
  let found: YAMLMap | undefined;
  visit(doc, {
    Map(_, map) {
      if (map.get('id') === id && map.has('says')) found = map;
    },
  });
  if (found === undefined) throw new Error(`no x-unspecified marker "${id}" in the spec`);
  return found;
}

export interface NewReading {
  readonly id: string;
  readonly reading: string;
  readonly sentence: string;
}

/**
 * Adds `reading` to the marker `id`; where the marker gives its readings a meaning, the new one
 * takes the meaning of the mock's reading (a contributor then changes what differs).
 */
export function addReading(doc: Document, { id, reading, sentence }: NewReading): void {
  const marker = markerNode(doc, id);
  marker.setIn(['readings', reading], sentence);
  const meaning = marker.get('meaning');
  if (isMap(meaning)) {
    const mock = String(marker.get('mock'));
    marker.setIn(['meaning', reading], doc.createNode(meaning.toJSON()[mock]));
  }
}

export interface NewOperation {
  readonly path: string;
  readonly method: string;
  readonly operation: Record<string, unknown>;
  /** The status of the operation under each reading of `status-codes`. */
  readonly status: number;
}

/** Adds an operation to `paths`, and its status to every reading of the `status-codes` meaning. */
export function addOperation(doc: Document, { path, method, operation, status }: NewOperation): void {
  doc.setIn(['paths', path, method], doc.createNode(operation));
  const statusCodes = markerNode(doc, 'status-codes');
  for (const reading of Object.keys(statusCodes.toJSON().readings)) {
    statusCodes.setIn(['meaning', reading, 'status', String(operation.operationId)], status);
  }
}

export interface NewMember {
  /** The schema of `components/schemas` that gains the member. */
  readonly schema: string;
  readonly name: string;
  readonly property: Record<string, unknown>;
}

/** Adds an optional member to a schema of the spec's components. */
export function addMember(doc: Document, { schema, name, property }: NewMember): void {
  const at = ['components', 'schemas', schema, 'properties'];
  if (!doc.hasIn(at)) throw new Error(`no schema "${schema}" with properties in the spec`);
  doc.setIn([...at, name], doc.createNode(property));
}

/** Rewrites the YAML file at `file` with `edit` applied. */
export function editYaml(file: string, edit: (doc: Document) => void): void {
  const doc = parseDocument(readFileSync(file, 'utf8'));
  edit(doc);
  writeFileSync(file, doc.toString({ lineWidth: 0 }));
}
