/** Turns a BodySpec into bytes (and the Content-Type a multipart spec announces). */
import type { BodySpec, MultipartSpec } from './types.js';

const encoder = new TextEncoder();

/** The bytes of a multipart body, possibly unterminated or cut short. */
function multipartBytes(form: MultipartSpec): Uint8Array<ArrayBuffer> {
  const chunks: string[] = [];
  for (const part of form.parts) {
    const disposition = [`form-data; name="${part.name}"`];
    if (part.filename !== undefined) disposition.push(`filename="${part.filename}"`);
    chunks.push(`--${form.boundary}\r\nContent-Disposition: ${disposition.join('; ')}\r\n`);
    if (part.contentType !== undefined) chunks.push(`Content-Type: ${part.contentType}\r\n`);
    chunks.push(`\r\n${part.content}\r\n`);
  }
  if (!form.unterminated) chunks.push(`--${form.boundary}--\r\n`);
  const bytes = encoder.encode(chunks.join(''));
  return bytes.subarray(0, Math.floor(bytes.length * form.keep));
}

/**
 * The bytes of a body spec, or undefined for no body.
 *
 * @example
 * bodyBytes({ kind: 'deep-json', depth: 3, shape: 'array' }); // the bytes of "[[[]]]"
 */
export function bodyBytes(body: BodySpec): Uint8Array<ArrayBuffer> | undefined {
  switch (body.kind) {
    case 'none':
      return undefined;
    case 'json':
      return encoder.encode(JSON.stringify(body.value) ?? 'null');
    case 'text':
      return encoder.encode(body.text);
    case 'bytes':
      return Uint8Array.from(body.bytes);
    case 'huge-json':
      return encoder.encode(JSON.stringify({ projectKey: 'x'.repeat(body.bytes), videos: [] }));
    case 'deep-json': {
      const [open, close] = body.shape === 'array' ? ['[', ']'] : ['{"a":', '}'];
      return encoder.encode(
        `${open.repeat(body.depth)}${body.shape === 'array' ? '' : '1'}${close.repeat(body.depth)}`,
      );
    }
    case 'multipart':
      return multipartBytes(body.form);
  }
}
