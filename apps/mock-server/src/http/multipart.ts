/** Streams the file of one field out of a multipart/form-data body (RFC 7578) with web APIs only. */
import { boundaryOf, HeaderBlock, type PartHeaders, partHeadersOf } from './multipart-headers.js';

export { boundaryOf };

/** Parts of a form read at most; a file after them is never seen. */
export const MAX_PARTS = 1000;

/** Why a form whose file comes after the first `limit` parts is refused (also said by the Node receiver). */
export function partsCutMessage(limit: number, field: string): string {
  return `the form has more than ${limit} parts and no file among the first ${limit}; put the file in the field "${field}" among them`;
}

/** Limits of one form; non-file parts are never kept, so `fields` and `fieldSize` skip what busboy skips. */
export interface MultipartLimits {
  /** Largest size in bytes of the wanted file; undefined for no limit. */
  fileSize?: number;
  /** Parts read at most (default MAX_PARTS). */
  parts?: number;
  /** Non-file fields read at most (default 100); the others are skipped. */
  fields?: number;
  /** Bytes read of each non-file field (default 64 KiB); the rest is skipped. */
  fieldSize?: number;
  /** Largest header block of one part in bytes, its blank line included (default 16 KiB). */
  headerSize?: number;
}

export interface FileInfo {
  filename: string;
  mimeType: string;
}

/** Receives the file's bytes in order; the reader waits for each write before it reads on. */
interface FileWriter {
  write(chunk: Uint8Array): void | Promise<void>;
}

export type MultipartResult =
  | { kind: 'file'; size: number; filename: string; mimeType: string }
  | { kind: 'missing-file' }
  | { kind: 'second-file' }
  | { kind: 'too-large' }
  | { kind: 'aborted' }
  | { kind: 'malformed'; message: string };

export interface ReadMultipartOptions {
  /** The form field whose file is read. */
  field: string;
  limits?: MultipartLimits;
  /** Called once, when the file part starts; the writer it returns gets the file's bytes. */
  open(info: FileInfo): FileWriter;
  /** Awaited with the size of each chunk read from the body, before the chunk is parsed. */
  pace?: (bytes: number) => void | Promise<void>;
  /** Called once per part that is not the file (a field, another file, a part skipped unread). */
  onOtherPart?: () => void;
  /**
   * Skip a part whose header block cannot be read (a name with control characters) as a part other
   * than the file, instead of refusing the body as malformed (`upload-form-parts: lenient`).
   */
  skipUnreadableParts?: boolean;
}

const CR = 13;
const LF = 10;
const DASH = 45;
const SP = 32;
const HT = 9;
const EMPTY = new Uint8Array(0);
/** The type of a file part without a Content-Type (busboy 1.6 says text/plain, RFC 7578 §4.4's default). */
const DEFAULT_FILE_TYPE = 'application/octet-stream';
const NO_BOUNDARY =
  'the content type is not "multipart/form-data; boundary=..." with a boundary of 1 to 70 characters (RFC 2046 §5.1.1)';

/**
 * Reads a multipart/form-data body and hands the file of `options.field` to the writer that `open`
 * returns, chunk by chunk, waiting for each write. Other parts are read and dropped; `file` and
 * `missing-file` come once the body has ended (the epilogue is read and dropped too). On any other
 * result, or when a callback throws, the body's reader is cancelled and nothing more is written.
 *
 * @example
 * const result = await readMultipartFile(c.req.raw.body, c.req.header('content-type') ?? '', {
 *   field: 'file',
 *   limits: { fileSize: 5 * 1024 ** 3 },
 *   open: ({ filename }) => ({ write: (chunk) => sink.write(chunk) }),
 * });
 * if (result.kind === 'file') console.log(`${result.filename}: ${result.size} bytes`);
 */
export async function readMultipartFile(
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  options: ReadMultipartOptions,
): Promise<MultipartResult> {
  const boundary = boundaryOf(contentType);
  if (boundary === undefined || body === null) {
    if (body && !body.locked) body.cancel().catch(() => {});
    return malformed(boundary === undefined ? NO_BOUNDARY : 'the request has no body');
  }
  const reader = body.getReader();
  let result: MultipartResult | undefined;
  try {
    result = await pump(reader, new FormReader(boundary, options), options.pace);
    return result;
  } finally {
    if (result?.kind !== 'file') reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/** Reads chunk after chunk into `form` until it has a result or the body ends. */
async function pump(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  form: FormReader,
  pace: ReadMultipartOptions['pace'],
): Promise<MultipartResult> {
  for (;;) {
    const read = await reader.read().catch(() => undefined);
    if (read === undefined) return { kind: 'aborted' };
    if (read.done) return form.end();
    await pace?.(read.value.byteLength);
    const result = await form.push(read.value);
    if (result !== undefined) return result;
  }
}

type State = 'preamble' | 'delimiter' | 'headers' | 'body' | 'epilogue';
/** The offset in the chunk to go on from, or how the reading ends. */
type Step = number | MultipartResult;
type OpenFile = FileInfo & { writer: FileWriter; size: number };

/** The parser: a state per place in the form (RFC 2046 §5.1.1), fed one chunk at a time. */
class FormReader {
  private state: State = 'preamble';
  /** The end of the last chunk, kept when it may start a delimiter. A CRLF at first: the first delimiter may open the body. */
  private carry: Uint8Array = new Uint8Array([CR, LF]);
  private readonly delimiter: Uint8Array;
  private readonly header: HeaderBlock;
  private parts = 0;
  private padded = false;
  private file: OpenFile | undefined;
  /** Whether the current part is the wanted file. */
  private writing = false;

  constructor(
    private readonly boundary: string,
    private readonly options: ReadMultipartOptions,
  ) {
    this.delimiter = new TextEncoder().encode(`\r\n--${boundary}`);
    this.header = new HeaderBlock(options.limits?.headerSize ?? 16 * 1024);
  }

  async push(chunk: Uint8Array): Promise<MultipartResult | undefined> {
    const data = this.carry.length === 0 ? chunk : concat(this.carry, chunk);
    this.carry = EMPTY;
    for (let at = 0; at < data.length; ) {
      const step = await this.step(data, at);
      if (typeof step !== 'number') return step;
      at = step;
    }
    return undefined;
  }

  end(): MultipartResult {
    if (this.state === 'epilogue' && this.file) {
      const { size, filename, mimeType } = this.file;
      return { kind: 'file', size, filename, mimeType };
    }
    if (this.state === 'epilogue') return { kind: 'missing-file' };
    if (this.state === 'preamble') {
      return malformed(`the body has no delimiter line "--${this.boundary}" (RFC 2046 §5.1.1)`);
    }
    return { kind: 'aborted' };
  }

  private step(data: Uint8Array, at: number): Step | Promise<Step> {
    switch (this.state) {
      case 'preamble':
      case 'body':
        return this.content(data, at);
      case 'delimiter':
        return this.afterDelimiter(data, at);
      case 'headers':
        return this.headers(data, at);
      case 'epilogue':
        return data.length;
    }
  }

  /** The preamble or a part's content, up to the next delimiter; the wanted file's bytes are written. */
  private async content(data: Uint8Array, at: number): Promise<Step> {
    const found = delimiterAt(data, at, this.delimiter);
    const refused = await this.deliver(data.subarray(at, found));
    if (refused) return refused;
    const next = found + this.delimiter.length;
    if (next > data.length) {
      this.carry = data.slice(found);
      return data.length;
    }
    this.state = 'delimiter';
    this.padded = false;
    this.writing = false;
    return next;
  }

  private async deliver(bytes: Uint8Array): Promise<MultipartResult | undefined> {
    const file = this.file;
    if (!this.writing || file === undefined || bytes.length === 0) return undefined;
    const limit = this.options.limits?.fileSize;
    if (limit !== undefined && file.size + bytes.length > limit) return { kind: 'too-large' };
    file.size += bytes.length;
    await file.writer.write(bytes);
    return undefined;
  }

  /** After `--boundary`: `--` closes the form; transport padding and CRLF open a part. */
  private afterDelimiter(data: Uint8Array, at: number): Step {
    let next = at;
    while (data[next] === SP || data[next] === HT) next += 1;
    this.padded ||= next > at;
    if (next === data.length) return next;
    const byte = data[next];
    if ((byte === DASH && !this.padded) || byte === CR) {
      if (next + 1 === data.length) {
        this.carry = data.slice(next);
        return data.length;
      }
      if (byte === DASH && data[next + 1] === DASH) {
        this.state = 'epilogue';
        return data.length;
      }
      if (byte === CR && data[next + 1] === LF) return this.startPart(next + 2);
    }
    const seen = JSON.stringify(String.fromCharCode(...data.subarray(next, next + 8)));
    return malformed(
      `the delimiter "--${this.boundary}" is followed by ${seen}, not by CRLF or "--" (RFC 2046 §5.1.1)`,
    );
  }

  private startPart(at: number): Step {
    this.parts += 1;
    const limit = this.options.limits?.parts ?? MAX_PARTS;
    if (this.parts <= limit) {
      this.state = 'headers';
      this.header.reset();
      return at;
    }
    if (this.file === undefined) {
      return malformed(partsCutMessage(limit, this.options.field));
    }
    // The file is in: parts past the limit are skipped unread, as busboy skips them.
    this.state = 'body';
    return at;
  }

  private headers(data: Uint8Array, at: number): Step {
    const end = this.header.take(data, at);
    if (end === 'more') return data.length;
    if (end === 'too-large') {
      return malformed(`the header block of part ${this.parts} is larger than ${this.header.limit} bytes`);
    }
    const part = partHeadersOf(this.header.lines(), this.parts);
    if (typeof part !== 'string') return this.openPart(part, end);
    if (!this.options.skipUnreadableParts) return malformed(part);
    this.state = 'body'; // read and dropped, as a part other than the file
    this.options.onOtherPart?.();
    return end;
  }

  private openPart(part: PartHeaders, at: number): Step {
    this.state = 'body';
    // A file as busboy tells one: a filename parameter, or the type application/octet-stream.
    const isFile = part.filename !== undefined || part.type === 'application/octet-stream';
    if (!isFile || part.name !== this.options.field) {
      this.options.onOtherPart?.();
      return at;
    }
    if (this.file !== undefined) return { kind: 'second-file' };
    const info = { filename: part.filename ?? '', mimeType: part.type ?? DEFAULT_FILE_TYPE };
    this.file = { ...info, size: 0, writer: this.options.open({ ...info }) };
    this.writing = true;
    return at;
  }
}

/**
 * Where the first delimiter in `data[from..]` starts, or else a prefix of one that runs to the end
 * (it may go on in the next chunk); `data.length` when there is neither.
 */
function delimiterAt(data: Uint8Array, from: number, delimiter: Uint8Array): number {
  for (let at = data.indexOf(CR, from); at !== -1; at = data.indexOf(CR, at + 1)) {
    const end = Math.min(delimiter.length, data.length - at);
    let same = 1;
    while (same < end && data[at + same] === delimiter[same]) same += 1;
    if (same === end) return at;
  }
  return data.length;
}

function concat(head: Uint8Array, tail: Uint8Array): Uint8Array {
  const joined = new Uint8Array(head.length + tail.length);
  joined.set(head);
  joined.set(tail, head.length);
  return joined;
}

function malformed(message: string): MultipartResult {
  return { kind: 'malformed', message };
}
