/**
 * Header blocks of multipart parts (RFC 7578 §4.2) and their parameters (RFC 5987), read as
 * busboy 1.6 reads them: values as bytes (latin1 strings), parameter values then decoded as UTF-8.
 */

/** What a part's headers say about it; `filename` is undefined when the part has none. */
export interface PartHeaders {
  name: string;
  filename: string | undefined;
  /** `type/subtype` in lower case, or undefined without a readable Content-Type. */
  type: string | undefined;
}

interface ContentType {
  type: string;
  params: Map<string, string>;
}

// RFC 2046 §5.1.1: 1 to 70 bchars, the last one not a space.
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;
const CR = 13;
const LF = 10;
const TYPE = /([!#$%&'*+\-.^_`|~0-9A-Za-z]+)\/([!#$%&'*+\-.^_`|~0-9A-Za-z]+)/y;
const DISPOSITION_TYPE = /[!#$%&'*+\-.^_`|~0-9A-Za-z]*/y;
const PARAM_NAME = /[ \t]*;[ \t]*([!#$%&'*+\-.^_`|~0-9A-Za-z]+)=/y;
// A quoted string unescapes only `\"` and `\\`; another `\x` stays as is, as busboy keeps it.
const PLAIN_VALUE =
  /"((?:[\t\x20\x21\x23-\x5b\x5d-\x7e\x80-\xff]|\\[\t\x20-\x7e\x80-\xff])*)"|([!#$%&'*+\-.^_`|~0-9A-Za-z]+)/y;
// RFC 5987 §3.2.1: charset'language'value-chars, with attr-char and %HH in the value.
const EXTENDED_VALUE = /([!#$%&+\-^_`{}~0-9A-Za-z]*)'[^']*'((?:[!#$&+\-.^_`|~0-9A-Za-z]|%[0-9A-Fa-f]{2})*)/y;
const TRAILING = /[ \t]*$/y;
const HEADER_LINE = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+):[ \t]*([\t\x20-\x7e\x80-\xff]*)$/;
const FOLDED_LINE = /^[ \t][\t\x20-\x7e\x80-\xff]*$/;
const LATIN1_CHARSETS = new Set(['iso-8859-1', 'latin1', 'us-ascii', 'ascii', 'windows-1252', 'cp1252']);
const utf8Decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The boundary of a `multipart/form-data` content type, quoted or not; undefined when there is none
 * or it is not 1 to 70 of the characters RFC 2046 §5.1.1 allows.
 *
 * @example
 * boundaryOf('multipart/form-data; boundary="----x y"'); // '----x y'
 * boundaryOf('multipart/form-data'); // undefined
 */
export function boundaryOf(contentType: string): string | undefined {
  const parsed = contentTypeOf(contentType);
  const boundary = parsed?.type === 'multipart/form-data' ? parsed.params.get('boundary') : undefined;
  return boundary !== undefined && BOUNDARY.test(boundary) ? boundary : undefined;
}

/**
 * Reads `type/subtype; name=value; ...` (RFC 9110 §8.3.1); undefined when it is not that shape.
 *
 * @example
 * contentTypeOf('multipart/form-data; boundary="a b"')?.params.get('boundary'); // 'a b'
 */
function contentTypeOf(value: string): ContentType | undefined {
  TYPE.lastIndex = 0;
  const match = TYPE.exec(value);
  if (!match) return undefined;
  const params = paramsOf(value, TYPE.lastIndex, false);
  return params && { type: `${match[1]}/${match[2]}`.toLowerCase(), params };
}

/**
 * Reads the header block of part `part` (its lines, each ending in CRLF, without the blank line),
 * or says in a sentence what is wrong with it.
 *
 * @example
 * const block = new TextEncoder().encode('Content-Disposition: form-data; name="file"; filename="a.mp4"\r\n');
 * partHeadersOf(block, 1);
 * // { name: 'file', filename: 'a.mp4', type: undefined }
 */
export function partHeadersOf(block: Uint8Array, part: number): PartHeaders | string {
  const fields = headerFieldsOf(latin1(block));
  if (fields === undefined) return `a header line of part ${part} is not "Name: value" (RFC 5322 §2.2)`;
  const disposition = fields.get('content-disposition');
  const params = disposition === undefined ? undefined : dispositionParamsOf(disposition);
  const name = params?.get('name');
  if (params === undefined || name === undefined) {
    return `part ${part} has no "Content-Disposition: form-data; name=..." header (RFC 7578 §4.2)`;
  }
  const contentType = fields.get('content-type');
  // An empty filename counts as none, as busboy counts it; filename* wins (RFC 6266 §4.3).
  const filename = params.get('filename*') || params.get('filename') || undefined;
  return {
    name,
    filename: filename === undefined ? undefined : basename(filename),
    type: contentType === undefined ? undefined : contentTypeOf(contentType)?.type,
  };
}

/**
 * Collects the header block of one part up to its blank line, within `limit` bytes counted from
 * after the delimiter line through the blank line.
 *
 * @example
 * const block = new HeaderBlock(16 * 1024);
 * block.reset();
 * const end = block.take(chunk, at); // the offset after the blank line, 'more' or 'too-large'
 * if (typeof end === 'number') partHeadersOf(block.lines(), 1);
 */
export class HeaderBlock {
  readonly limit: number;
  private bytes = new Uint8Array(0);
  private length = 0;

  constructor(limit: number) {
    this.limit = limit;
  }

  /** Starts a block with the CRLF that ended the delimiter line, so a block without fields ends at once. */
  reset(): void {
    this.grow(2);
    this.bytes.set([CR, LF]);
    this.length = 2;
  }

  /** Takes bytes of `data` from `at`: the offset just past the blank line, or why it cannot yet say. */
  take(data: Uint8Array, at: number): number | 'more' | 'too-large' {
    const before = this.length;
    const count = Math.min(data.length - at, this.limit + 2 - before);
    this.grow(before + count);
    this.bytes.set(data.subarray(at, at + count), before);
    this.length += count;
    const end = blankLineEnd(this.bytes.subarray(0, this.length), Math.max(0, before - 3));
    if (end === -1) return this.length === this.limit + 2 ? 'too-large' : 'more';
    this.length = end;
    return at + end - before;
  }

  /** The header lines, each with its CRLF, once `take` has found the blank line. */
  lines(): Uint8Array {
    return this.bytes.subarray(2, this.length - 2);
  }

  private grow(size: number): void {
    if (size <= this.bytes.length) return;
    const bytes = new Uint8Array(Math.min(this.limit + 2, Math.max(size, this.bytes.length * 2, 1024)));
    bytes.set(this.bytes.subarray(0, this.length));
    this.bytes = bytes;
  }
}

/** The offset after the first CRLF CRLF in `bytes` from `from`, or -1. */
function blankLineEnd(bytes: Uint8Array, from: number): number {
  for (let at = bytes.indexOf(CR, from); at !== -1; at = bytes.indexOf(CR, at + 1)) {
    if (bytes[at + 1] === LF && bytes[at + 2] === CR && bytes[at + 3] === LF) return at + 4;
  }
  return -1;
}

/** Header fields by lower-case name, the first of each name kept; undefined on a broken line. */
function headerFieldsOf(block: string): Map<string, string> | undefined {
  const pairs: Array<[string, string]> = [];
  for (const line of block.split('\r\n').slice(0, -1)) {
    const last = pairs.at(-1);
    if (last && FOLDED_LINE.test(line)) {
      // A folded line (RFC 5322 §2.2.3) continues the value above.
      last[1] += line;
      continue;
    }
    const match = HEADER_LINE.exec(line);
    if (match?.[1] === undefined || match[2] === undefined) return undefined;
    pairs.push([match[1].toLowerCase(), match[2]]);
  }
  return new Map(pairs.reverse()); // reversed: the first field of each name wins
}

/** Parameters of a `form-data` disposition, values decoded; undefined for another disposition. */
function dispositionParamsOf(value: string): Map<string, string> | undefined {
  DISPOSITION_TYPE.lastIndex = 0;
  DISPOSITION_TYPE.test(value);
  const type = value.slice(0, DISPOSITION_TYPE.lastIndex).toLowerCase();
  return type === 'form-data' ? paramsOf(value, DISPOSITION_TYPE.lastIndex, true) : undefined;
}

/** `; name=value` pairs from `at` to the end, the first of each name kept; undefined when broken. */
function paramsOf(value: string, at: number, decode: boolean): Map<string, string> | undefined {
  const params = new Map<string, string>();
  let next = at;
  for (;;) {
    TRAILING.lastIndex = next;
    if (TRAILING.test(value)) return params;
    PARAM_NAME.lastIndex = next;
    const name = PARAM_NAME.exec(value)?.[1]?.toLowerCase();
    if (name === undefined) return undefined;
    const from = PARAM_NAME.lastIndex;
    const read =
      decode && name.endsWith('*') ? extendedValueOf(value, from) : plainValueOf(value, from, decode);
    if (read === undefined) return undefined;
    next = read.next;
    if (read.value !== undefined && !params.has(name)) params.set(name, read.value);
  }
}

type Read = { value: string | undefined; next: number };

/** A token or quoted string at `at`. */
function plainValueOf(value: string, at: number, decode: boolean): Read | undefined {
  PLAIN_VALUE.lastIndex = at;
  const match = PLAIN_VALUE.exec(value);
  if (!match) return undefined;
  const raw = match[2] ?? (match[1] ?? '').replace(/\\(["\\])/g, '$1');
  return { value: decode ? utf8(raw) : raw, next: PLAIN_VALUE.lastIndex };
}

/** An RFC 5987 value at `at`; its value is undefined in a charset not known here (RFC 6266 §4.3). */
function extendedValueOf(value: string, at: number): Read | undefined {
  EXTENDED_VALUE.lastIndex = at;
  const match = EXTENDED_VALUE.exec(value);
  if (!match) return undefined;
  const charset = (match[1] ?? '').toLowerCase();
  const bytes = (match[2] ?? '').replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  const decoded =
    charset === 'utf-8' || charset === 'utf8'
      ? utf8(bytes)
      : LATIN1_CHARSETS.has(charset)
        ? bytes
        : undefined;
  return { value: decoded, next: EXTENDED_VALUE.lastIndex };
}

/** The last segment of a path, as busboy keeps it: '' for `.` and `..` (RFC 7578 §4.2). */
function basename(path: string): string {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  return name === '.' || name === '..' ? '' : name;
}

/** Bytes as a string of the same char codes (not TextDecoder's latin1, which is windows-1252). */
function latin1(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 8192) {
    text += String.fromCharCode(...bytes.subarray(at, at + 8192));
  }
  return text;
}

/** A latin1 string of UTF-8 bytes (what browsers and curl send) as the text it encodes. */
function utf8(bytes: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a byte range, not a control character
  if (/^[\x00-\x7f]*$/.test(bytes)) return bytes;
  return utf8Decoder.decode(Uint8Array.from(bytes, (char) => char.charCodeAt(0)));
}
