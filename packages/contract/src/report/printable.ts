/**
 * Server bytes made safe for a terminal and for Markdown: control characters (ESC of an ANSI
 * sequence, NUL, C1 controls) and the Unicode line and paragraph separators are shown escaped
 * (`\u001b`, `\n`), so a body can neither colour or rewrite a CI log nor make report.md binary.
 */

const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters escaped
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

export function printable(text: string): string {
  return text.replace(
    UNSAFE,
    (ch) => SHORT[ch] ?? `\\u${(ch.codePointAt(0) as number).toString(16).padStart(4, '0')}`,
  );
}
