/**
 * How a failure message or an evidence shows a value: whole when it is short, otherwise its length
 * and a prefix (`a string of 348,160 characters: "AAAA…" (first 200)`), so that a 340 KB answer
 * neither floods a terminal nor bloats a report; never with a lone surrogate, so that what is
 * printed stays valid UTF-8 (I-JSON, XML).
 */

/** The characters of a value shown before it is cut. */
export const VALUE_PREFIX = 200;
/** The characters of an answer's body shown before it is cut (`describe`). */
export const BODY_PREFIX = 160;

/** A UTF-16 surrogate without its pair: what `"\ud800"` in JSON text decodes to. */
export const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Lone surrogates written as the escape JSON.stringify gives them (`\ud800`), as six characters. */
const escapeLoneSurrogates = (text: string) =>
  text.replace(LONE_SURROGATES, (unit) => `\\u${(unit.codePointAt(0) as number).toString(16)}`);

const count = (n: number) => n.toLocaleString('en-US');
/** `1 item`, `1,000 items`. */
const counted = (n: number, noun: string) => `${count(n)} ${noun}${n === 1 ? '' : 's'}`;

/** The characters (code points) of `text`. */
function characters(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdbff || !/[\udc00-\udfff]/.test(text[i + 1] ?? '')) n++;
  }
  return n;
}

/** The first `n` code units of `text`, one fewer when the cut would split a surrogate pair. */
function prefix(text: string, n: number): string {
  const cut = text.slice(0, n);
  return /[\ud800-\udbff]$/.test(cut) && /^[\udc00-\udfff]/.test(text.slice(n)) ? cut.slice(0, -1) : cut;
}

/** What a JSON value is, for a value too long to show whole: `an array of 3 items`. */
function kindOf(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${counted(value.length, 'item')}`;
  if (value !== null && typeof value === 'object')
    return `an object of ${counted(Object.keys(value).length, 'member')}`;
  return `a ${typeof value}`;
}

/**
 * A value as JSON (`"x"`, `[1,2]`), whole up to `limit` characters; a longer one as its length and
 * its first `limit` characters.
 *
 * @example
 * showValue('A'.repeat(348_160)); // 'a string of 348,160 characters: "AAAA…" (first 200)'
 */
export function showValue(value: unknown, limit = VALUE_PREFIX): string {
  const json = JSON.stringify(value) ?? String(value);
  if (json.length <= limit + 2) return json;
  if (typeof value === 'string') {
    const shown = JSON.stringify(prefix(value, limit)).slice(1, -1);
    return `a string of ${count(characters(value))} characters: "${shown}…" (first ${limit})`;
  }
  const shown = escapeLoneSurrogates(prefix(json, limit));
  return `${kindOf(value)} (${count(characters(json))} characters as JSON): ${shown}… (first ${limit})`;
}

/**
 * Text as it came (an answer's body), whole up to `limit` characters; a longer one cut, saying how
 * long it was: `<!doctype html>…… (first 160 of 52,311 characters)`.
 */
export function showText(text: string, limit = BODY_PREFIX): string {
  if (text.length <= limit) return escapeLoneSurrogates(text);
  return `${escapeLoneSurrogates(prefix(text, limit))}… (first ${limit} of ${count(characters(text))} characters)`;
}
