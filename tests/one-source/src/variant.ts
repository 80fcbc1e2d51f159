/**
 * One change of the spec played in a scratch copy: the spec restored from the workspace, edited,
 * the schema package regenerated (its `generate` script), and the type errors it causes, less
 * those the copy had before the change.
 */
import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import type { Document } from 'yaml';
import type { Scratch } from './scratch.js';
import { editYaml } from './spec-edits.js';
import type { TypeErrorAt } from './type-errors.js';

const SPEC = 'spec/openapi.yaml';

/** Runs the schema package's generator in the copy; throws with its output when it fails. */
function generateSchema(root: string): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/generate.ts'], {
    cwd: join(root, 'packages/schema'),
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`generate failed in the scratch copy (exit ${result.status}):\n${result.stderr}`);
  }
}

const keyOf = (error: TypeErrorAt) => `${error.place} ${error.message}`;

/**
 * The places (`file:declaration`, sorted, once each) where `edit` of the spec fails the type
 * check, not counting errors that `before` (the copy's errors before any change) already had.
 */
export function placesFailedBy(
  workspace: string,
  scratch: Scratch,
  check: () => TypeErrorAt[],
  before: readonly TypeErrorAt[],
  edit: (doc: Document) => void,
): string[] {
  cpSync(join(workspace, SPEC), join(scratch.root, SPEC));
  editYaml(join(scratch.root, SPEC), edit);
  generateSchema(scratch.root);
  return placesOf(newErrors(check, before));
}

/** The type errors `check` finds now that `before` did not have. */
export function newErrors(check: () => TypeErrorAt[], before: readonly TypeErrorAt[]): TypeErrorAt[] {
  const known = new Set(before.map(keyOf));
  return check().filter((error) => !known.has(keyOf(error)));
}

/** The places of `errors`, sorted, once each. */
export const placesOf = (errors: readonly TypeErrorAt[]) => [...new Set(errors.map((e) => e.place))].sort();
