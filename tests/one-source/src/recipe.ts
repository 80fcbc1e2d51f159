/**
 * A worked example of CONTRIBUTING played as code: after the spec change, the edits a contributor
 * makes by hand, in stages (each stage what the type checker asked for after the one before), the
 * places each stage leaves flagged, and the files it costs. The edits are exact text replacements,
 * so a recipe whose code moved fails loudly, naming the text it no longer finds.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TypeErrorAt } from './type-errors.js';

/** One hand edit: a new file, or one exact text of a file replaced (it must occur once). */
export type CodeEdit =
  | { readonly file: string; readonly create: string }
  | { readonly file: string; readonly find: string; readonly replace: string };

/** The edits of one stage, and the places (`file:declaration`) the type checker flags after them. */
export interface Stage {
  readonly why: string;
  readonly edits: readonly CodeEdit[];
  readonly flags: readonly string[];
}

/** Tests are edited as the code is, but a change's cost counts the files outside tests. */
const isTest = (file: string) => file.includes('/test/');

/** The files a recipe costs: the spec, and every file outside tests its stages create or edit. */
export function handEditedFiles(stages: readonly Stage[]): string[] {
  const files = stages.flatMap((stage) => stage.edits.map((edit) => edit.file));
  return [...new Set(['spec/openapi.yaml', ...files.filter((file) => !isTest(file))])].sort();
}

/**
 * Applies `edits` in the copy at `root`, remembering each file as it was; returns the function
 * that puts every file back (a created file is removed).
 */
export function applyEdits(root: string, edits: readonly CodeEdit[]): () => void {
  const before = new Map<string, string | undefined>();
  const restore = () => {
    for (const [path, text] of before) {
      if (text === undefined) rmSync(path, { force: true });
      else writeFileSync(path, text);
    }
  };
  try {
    for (const edit of edits) {
      const path = join(root, edit.file);
      const text = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
      if (!before.has(path)) before.set(path, text);
      if ('create' in edit) {
        if (text !== undefined) throw new Error(`${edit.file} exists: the recipe creates it`);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, edit.create);
        continue;
      }
      const count = text === undefined ? 0 : text.split(edit.find).length - 1;
      if (count !== 1) {
        throw new Error(
          `${edit.file}: the recipe's text occurs ${count} times, not once (update test/changes.ts):\n${edit.find}`,
        );
      }
      writeFileSync(
        path,
        (text as string).replace(edit.find, () => edit.replace),
      );
    }
  } catch (error) {
    restore();
    throw error;
  }
  return restore;
}

/** The interfaces and type aliases `text` declares. */
const declaredTypes = (text: string) => [...text.matchAll(/\b(?:interface|type)\s+(\w+)/g)].map((m) => m[1]);

/**
 * The files of `stage` that nothing asked for: not created by it, not at a place of `asked` (the
 * errors before it), and declaring no type that one of those errors names (`Property 'delete' does
 * not exist on type 'VideoStore'` asks for the file that declares VideoStore).
 */
export function unaskedFiles(root: string, stage: Stage, asked: readonly TypeErrorAt[]): string[] {
  const flagged = new Set(asked.map((error) => error.place.split(':')[0]));
  const named = (file: string) => {
    const path = join(root, file);
    if (!existsSync(path)) return false;
    return declaredTypes(readFileSync(path, 'utf8')).some((name) =>
      asked.some((error) => error.message.includes(`'${name}'`)),
    );
  };
  const files = [...new Set(stage.edits.map((edit) => edit.file))];
  return files.filter(
    (file) =>
      !flagged.has(file) &&
      !stage.edits.some((edit) => edit.file === file && 'create' in edit) &&
      !named(file),
  );
}
