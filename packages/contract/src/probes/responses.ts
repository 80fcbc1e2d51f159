/** Probes of answers the document does not show: status codes (§4.5), upload body (§4.2), errors (§7). */
import { meaningOf, type ReadingOf, readingsOf } from '@video-api/schema';
import { readingSchemas } from '@video-api/schema/zod';
import type { Context } from '../context/context.js';
import { refuse5xx } from '../support/evidence.js';
import { describe, type Exchange, isSuccess, NO_EXCHANGE } from '../support/http.js';
import { pathOf } from '../support/operations.js';

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

export async function probeUploadBody(ctx: Context, upload: Exchange) {
  return ctx.observe('upload-response-body', async () => {
    refuse5xx(upload);
    const evidence = describe(upload);
    if (!isSuccess(upload.status)) return { notObserved: `the upload was not accepted: ${evidence}` };
    // `empty` has no body (its schema is false); the others are told by their schemas in the spec.
    if (upload.text.trim() === '') return { reading: 'empty', evidence };
    const schemas = readingSchemas['upload-response-body'];
    const reading = readingsOf('upload-response-body').find((r) => schemas[r].safeParse(upload.json).success);
    return { reading: reading ?? 'other', evidence };
  });
}

/** Sends a create body that breaks the spec (projectKey a number, no videos) and reads the error. */
export async function probeErrors(ctx: Context) {
  const exchange =
    (await ctx.step(() =>
      ctx.api.send({ method: 'POST', path: pathOf('createVideos'), json: { projectKey: 42 } }),
    )) ?? NO_EXCHANGE;
  await ctx.observe('error-codes', async () => {
    refuse5xx(exchange);
    const evidence = describe(exchange);
    if (exchange.status === 400) return { reading: 'validation-400', evidence };
    if (exchange.status === 422) return { reading: 'validation-422', evidence };
    return { reading: 'other', evidence };
  });
  await ctx.observe('error-shape', async () => {
    refuse5xx(exchange);
    return { reading: errorShapeOf(exchange), evidence: describe(exchange) };
  });
  return exchange;
}

/**
 * The `error-shape` reading of an error answer, by validating its body against the schema each
 * reading has in the spec (`readingSchemas`): when several match, the one whose media type the
 * answer has; `other` when none matches.
 */
export function errorShapeOf(exchange: Exchange): ReadingOf<'error-shape'> | 'other' {
  const schemas = readingSchemas['error-shape'];
  const matching = readingsOf('error-shape').filter((r) => schemas[r].safeParse(exchange.json).success);
  const mediaType = exchange.contentType.split(';')[0]?.trim().toLowerCase();
  return matching.find((r) => meaningOf('error-shape', r).mediaType === mediaType) ?? matching[0] ?? 'other';
}
