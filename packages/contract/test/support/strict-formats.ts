/**
 * Strict readers of what the contract writes, as other tools read it: report.json as I-JSON (UTF-8
 * that a fatal decoder accepts, JSON.parse, no lone surrogate in any string, and `jq` where it is
 * installed) and junit.xml as well-formed XML 1.0 (its characters, markup and references).
 */
import { spawnSync } from 'node:child_process';

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** A UTF-16 surrogate without its pair (what `\ud800` in JSON text decodes to). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Every string of a parsed JSON value, member names included. */
function* strings(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* strings(item);
  else if (value !== null && typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) {
      yield name;
      yield* strings(item);
    }
  }
}

/** Parses `bytes` as I-JSON (RFC 7493): throws what is wrong, returns the value. */
export function parseIJson(bytes: Uint8Array): unknown {
  const value: unknown = JSON.parse(utf8.decode(bytes));
  for (const text of strings(value)) {
    if (LONE_SURROGATE.test(text))
      throw new Error(`a string holds a lone surrogate: ${JSON.stringify(text)}`);
  }
  return value;
}

/** Whether `jq` is on this machine (the test command installs it; CI has it). */
export const hasJq = spawnSync('jq', ['--version']).status === 0;

/** Runs `jq . ` over JSON texts one after another; returns jq's complaint, or undefined when it parsed them all. */
export function jqProblem(texts: readonly string[]): string | undefined {
  const run = spawnSync('jq', ['-c', '.'], { input: texts.join('\n'), maxBuffer: 1 << 28 });
  return run.status === 0 ? undefined : `jq exited ${run.status}: ${run.stderr.toString()}`;
}

// XML 1.0 §2.2 Char, §2.3 Name (ASCII subset is all the contract writes), §4.1 references.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 allows
const NOT_CHAR = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;
const NAME = /^[A-Za-z_:][\w.:-]*/;
const REFERENCE = /&(?:lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/y;
const ATTRIBUTE = /^\s+([A-Za-z_:][\w.:-]*)\s*=\s*"([^"<]*)"/;

/** `&` only as a reference to a character XML allows. */
function referencesProblem(text: string, where: string): string | undefined {
  for (let at = text.indexOf('&'); at >= 0; at = text.indexOf('&', at + 1)) {
    REFERENCE.lastIndex = at;
    const ref = REFERENCE.exec(text)?.[0];
    if (!ref) return `${where}: a bare & at ${at}`;
    const code = ref.startsWith('&#x')
      ? Number.parseInt(ref.slice(3), 16)
      : ref.startsWith('&#')
        ? Number(ref.slice(2, -1))
        : 0x20;
    if (code > 0x10ffff || NOT_CHAR.test(String.fromCodePoint(code)))
      return `${where}: ${ref} is no XML character`;
  }
  return undefined;
}

/** Why `bytes` is not a well-formed XML 1.0 document, or undefined when it is. */
export function xmlProblem(bytes: Uint8Array): string | undefined {
  let doc: string;
  try {
    doc = utf8.decode(bytes);
  } catch {
    return 'not UTF-8';
  }
  const bad = NOT_CHAR.exec(doc);
  if (bad)
    return `character U+${(bad[0].codePointAt(0) as number).toString(16)} at ${bad.index} is not an XML 1.0 Char`;
  let rest = doc.replace(/^<\?xml [^?]*\?>/, '');
  const open: string[] = [];
  let roots = 0;
  while (rest.length > 0) {
    const lt = rest.indexOf('<');
    const text = lt < 0 ? rest : rest.slice(0, lt);
    if (open.length === 0 && text.trim() !== '') return `text outside the root: ${text.slice(0, 40)}`;
    const refs = referencesProblem(text, 'text');
    if (refs) return refs;
    if (text.includes(']]>')) return 'text holds ]]>';
    if (lt < 0) break;
    rest = rest.slice(lt);
    if (rest.startsWith('</')) {
      const name = NAME.exec(rest.slice(2))?.[0];
      if (!name || name !== open.pop()) return `</${name}> closes ${open.at(-1) ?? 'nothing'}`;
      const end = rest.indexOf('>');
      if (rest.slice(2 + name.length, end).trim() !== '') return `junk in </${name}>`;
      rest = rest.slice(end + 1);
      continue;
    }
    const name = NAME.exec(rest.slice(1))?.[0];
    if (!name) return `a < that opens no element: ${rest.slice(0, 40)}`;
    if (open.length === 0 && roots++ > 0) return `a second root element <${name}>`;
    rest = rest.slice(1 + name.length);
    const seen = new Set<string>();
    for (let attribute = ATTRIBUTE.exec(rest); attribute; attribute = ATTRIBUTE.exec(rest)) {
      const [whole, attr, value] = attribute as unknown as [string, string, string];
      if (seen.has(attr)) return `<${name}> repeats ${attr}`;
      seen.add(attr);
      const refs = referencesProblem(value, `<${name} ${attr}>`);
      if (refs) return refs;
      rest = rest.slice(whole.length);
    }
    const close = /^\s*(\/?)>/.exec(rest);
    if (!close) return `<${name}> is not closed by > or />: ${rest.slice(0, 40)}`;
    if (close[1] === '') open.push(name);
    rest = rest.slice(close[0].length);
  }
  if (open.length > 0) return `<${open.join('><')}> never closed`;
  return roots === 1 ? undefined : 'no root element';
}
