/** Probes of answers the document does not show: status codes (§4.5), upload body (§4.2), errors (§7). */
import { meaningOf, type ReadingOf, readingsOf } from '@video-api/schema';
import { readingSchemas } from '@video-api/schema/zod';
import type { Context } from '../context/context.js';
import { refuse5xx } from '../support/evidence.js';
import { describe, type Exchange, isSuccess, NO_EXCHANGE } from '../support/http.js';
import { pathOf } from '../support/operations.js';
import { recognise, type Signs } from '../support/signs.js';

export async function probeStatusCodes(ctx: Context, create: Exchange, upload: Exchange) {
  return ctx.observe('status-codes', async () => {
    refuse5xx(create, upload);
    const evidence = `create ${create.status}, upload ${upload.status}`;
    if (!isSuccess(create.status) || !isSuccess(upload.status)) {
      return { notObserved: `no successful create and upload to read the codes of (${evidence})` };
    }
    // The reading whose status codes in the spec are those of create and upload.
    const reading = readingsOf('status-codes').find((r) => {
      const { status } = meaningOf('status-codes', r);
      return status.createVideos === create.status && status.uploadVideoSource === upload.status;
    });
    return { reading: reading ?? 'other', evidence };
  });
}

/**
 * The upload's answer: `empty` has no body (its schema is false); the others are told by their
 * schemas in the spec (`readingSchemas`).
 */
const UPLOAD_BODY: Signs<'upload-response-body', Exchange> = {
  empty: (upload) => upload.text.trim() === '',
  'video-record': (upload) =>
    readingSchemas['upload-response-body']['video-record'].safeParse(upload.json).success,
  'upload-receipt': (upload) =>
    readingSchemas['upload-response-body']['upload-receipt'].safeParse(upload.json).success,
};

export async function probeUploadBody(ctx: Context, upload: Exchange) {
  return ctx.observe('upload-response-body', async () => {
    refuse5xx(upload);
    const evidence = describe(upload);
    if (!isSuccess(upload.status)) return { notObserved: `the upload was not accepted: ${evidence}` };
    return recognise(UPLOAD_BODY, upload, evidence);
  });
}

/** The status a create body that breaks the spec is refused with. */
const ERROR_CODES: Signs<'error-codes', Exchange> = {
  'validation-400': ({ status }) => status === 400,
  'validation-422': ({ status }) => status === 422,
};

/** Sends a create body that breaks the spec (projectKey a number, no videos) and reads the error. */
export async function probeErrors(ctx: Context) {
  const exchange =
    (await ctx.step(() =>
      ctx.api.send({ method: 'POST', path: pathOf('createVideos'), json: { projectKey: 42 } }),
    )) ?? NO_EXCHANGE;
  await ctx.observe('error-codes', async () => {
    refuse5xx(exchange);
    return recognise(ERROR_CODES, exchange, describe(exchange));
  });
  await ctx.observe('error-shape', async () => {
    refuse5xx(exchange);
    return { reading: errorShapeOf(exchange), evidence: describe(exchange) };
  });
  return exchange;
}

/** Whether a body names at least one member of a reading's schema (problem details require none). */
function namesAMember(reading: ReadingOf<'error-shape'>, body: unknown): boolean {
  const { schema } = meaningOf('error-shape', reading);
  const members = Object.keys((schema as { properties?: object }).properties ?? {});
  return typeof body === 'object' && body !== null && members.some((member) => member in body);
}

/**
 * The `error-shape` reading of an error answer, by validating its body against the schema each
 * reading has in the spec (`readingSchemas`) and finding one of its members in it: when several
 * match, the one whose media type the answer has; `other` when none matches.
 */
export function errorShapeOf(exchange: Exchange): ReadingOf<'error-shape'> | 'other' {
  const schemas = readingSchemas['error-shape'];
  const matching = readingsOf('error-shape').filter(
    (r) => schemas[r].safeParse(exchange.json).success && namesAMember(r, exchange.json),
  );
  const mediaType = exchange.contentType.split(';')[0]?.trim().toLowerCase();
  return matching.find((r) => meaningOf('error-shape', r).mediaType === mediaType) ?? matching[0] ?? 'other';
}
