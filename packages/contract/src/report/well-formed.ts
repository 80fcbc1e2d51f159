/**
 * A report every tool reads: I-JSON (RFC 7493) has no lone surrogate, which `JSON.stringify`
 * writes as a `\ud800` escape that `jq` and other strict readers refuse. Each one is replaced with
 * U+FFFD, and the report lists where (`replacedLoneSurrogates`), so a reader knows the text changed.
 */
import { LONE_SURROGATES } from '../support/shown.js';
import type { ContractReport, ReplacedLoneSurrogates } from '../support/types.js';

/** A JSON Pointer token (RFC 6901). */
const token = (key: string | number) => String(key).replaceAll('~', '~0').replaceAll('/', '~1');

/** `value` with every lone surrogate of its strings replaced, recording each string's pointer. */
function replaced(value: unknown, pointer: string, found: ReplacedLoneSurrogates[]): unknown {
  if (typeof value === 'string') {
    let count = 0;
    const text = value.replace(LONE_SURROGATES, () => {
      count++;
      return '\ufffd';
    });
    if (count > 0) found.push({ pointer, count });
    return text;
  }
  if (Array.isArray(value)) return value.map((item, i) => replaced(item, `${pointer}/${i}`, found));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, replaced(item, `${pointer}/${token(key)}`, found)]),
    );
  }
  return value;
}

/**
 * `report` without lone surrogates; `replacedLoneSurrogates` lists the strings changed (with
 * those an earlier pass listed), and is absent when none was.
 */
export function wellFormed(report: ContractReport): ContractReport {
  const { replacedLoneSurrogates: before = [], ...rest } = report;
  const found: ReplacedLoneSurrogates[] = [];
  const clean = replaced(rest, '', found) as ContractReport;
  const all = [...before, ...found];
  return all.length > 0 ? { ...clean, replacedLoneSurrogates: all } : clean;
}

/** report.json's text: I-JSON, indented, ending in a newline. */
export const toJson = (report: ContractReport): string => `${JSON.stringify(wellFormed(report), null, 2)}\n`;
