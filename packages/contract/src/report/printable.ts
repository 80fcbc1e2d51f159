/**
 * Server bytes made safe for a terminal, for Markdown and for XML 1.0: control characters (ESC of
 * an ANSI sequence, NUL, C1 controls), the Unicode line and paragraph separators, the
 * noncharacters U+FFFE and U+FFFF and lone surrogates are shown escaped (`\u001b`, `\n`, `\ud800`),
 * so a body can neither colour or rewrite a CI log nor make report.md binary or junit.xml malformed.
 */

const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters escaped
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function printable(text: string): string {
  return text.replace(
    UNSAFE,
    (ch) => SHORT[ch] ?? `\\u${(ch.codePointAt(0) as number).toString(16).padStart(4, '0')}`,
  );
}
