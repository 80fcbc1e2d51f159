/**
 * Probes of what a server takes (§2, §4.1, §4.2, §7 leave it open): a project key it may not know,
 * a file that is no video, parts of the upload form beside `file`, and how a date-time reads back.
 */
import type { Context } from '../context/context.js';
import { explain } from '../context/failures.js';
import { refuse5xx } from '../support/evidence.js';
import { describe, type Exchange, isClientError, isSuccess } from '../support/http.js';
import { pathOf } from '../support/operations.js';
import { SAMPLE_VIDEO_NAME, SAMPLE_VIDEO_TYPE, sampleVideo } from '../support/sample-video.js';
import { recognise, type Signs } from '../support/signs.js';

/** §7: a create in a project no account has: taken, or refused with the status of a reading. */
const PROJECT: Signs<'unknown-project-key', Exchange> = {
  'any-accepted': (create) => isSuccess(create.status),
  'not-found-404': (create) => create.status === 404,
  'forbidden-403': (create) => create.status === 403,
};

export async function probeProjectKey(ctx: Context) {
  return ctx.observe('unknown-project-key', async () => {
    const projectKey = `contract-no-such-project-${Date.now().toString(36)}`;
    const create = await ctx.api.send({
      method: 'POST',
      path: pathOf('createVideos'),
      json: { projectKey, videos: [{ title: ctx.api.title('unknown project') }] },
    });
    refuse5xx(create);
    return recognise(PROJECT, create, `a create in the project "${projectKey}": ${describe(create)}`);
  });
}

/** A fresh video's key, or why there is none (each upload probe uploads to a video of its own). */
async function freshKey(ctx: Context, label: string): Promise<string | { notObserved: string }> {
  try {
    return await ctx.api.createOne(label);
  } catch (error) {
    return { notObserved: `no video to upload to: ${explain(error)}` };
  }
}

/** §4.2: a text file as the source: taken (processing decides), or refused at upload. */
const SOURCE: Signs<'upload-source-files', Exchange> = {
  'any-file': (upload) => isSuccess(upload.status),
  'video-only': (upload) => isClientError(upload.status),
};

export async function probeSourceFiles(ctx: Context) {
  return ctx.observe('upload-source-files', async () => {
    const key = await freshKey(ctx, 'text source');
    if (typeof key !== 'string') return key;
    const form = new FormData();
    form.append('file', new Blob(['This text file is not a video.'], { type: 'text/plain' }), 'notes.txt');
    const upload = await ctx.api.send({
      method: 'POST',
      path: pathOf('uploadVideoSource', { videoKey: key }),
      upload: true,
      body: form,
    });
    refuse5xx(upload);
    return recognise(SOURCE, upload, `a text file uploaded as the source: ${describe(upload)}`);
  });
}

const BOUNDARY = 'contract-form-parts';

/** A form of the sample video in `file` after one field named `name` (raw: the name as given). */
function formWithField(name: string): Blob {
  const part = (params: string, type?: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; ${params}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`;
  return new Blob([
    `${part(`name="${name}"`)}a value\r\n`,
    part(`name="file"; filename="${SAMPLE_VIDEO_NAME}"`, SAMPLE_VIDEO_TYPE),
    sampleVideo(),
    `\r\n--${BOUNDARY}--\r\n`,
  ]);
}

/** The answers to a form with a well-formed field beside `file`, and to one whose field's name holds control characters. */
interface FormAnswers {
  field: Exchange;
  control: Exchange;
}

/** §4.2 shows only `file`: other parts ignored (a malformed header refused), also skipped, or refused. */
const PARTS: Signs<'upload-form-parts', FormAnswers> = {
  'extra-parts-ignored': ({ field, control }) => isSuccess(field.status) && isClientError(control.status),
  lenient: ({ field, control }) => isSuccess(field.status) && isSuccess(control.status),
  'file-only': ({ field }) => isClientError(field.status),
};

async function uploadForm(
  ctx: Context,
  label: string,
  name: string,
): Promise<Exchange | { notObserved: string }> {
  const key = await freshKey(ctx, label);
  if (typeof key !== 'string') return key;
  return ctx.api.send({
    method: 'POST',
    path: pathOf('uploadVideoSource', { videoKey: key }),
    upload: true,
    body: formWithField(name),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
}

export async function probeFormParts(ctx: Context) {
  return ctx.observe('upload-form-parts', async () => {
    const field = await uploadForm(ctx, 'form with a field', 'note');
    if (!('status' in field)) return field;
    const control = await uploadForm(ctx, 'form with a control name', 'a\u0001b');
    if (!('status' in control)) return control;
    refuse5xx(field, control);
    const evidence = `a field "note" beside file: ${describe(field)}; a field named "a\\u0001b": ${describe(control)}`;
    return recognise(PARTS, { field, control }, evidence);
  });
}

/** A date-time in the UTC form of §2 whose instant has another text in most servers' own form. */
const WRITTEN = '2026-11-22T08:30:00Z';

/** §2: the date-time read back as written, or as the same instant written another way. */
const READ_BACK: Signs<'date-time-read-back', unknown> = {
  'same-text': (read) => read === WRITTEN,
  normalized: (read) =>
    typeof read === 'string' && read !== WRITTEN && Date.parse(read) === Date.parse(WRITTEN),
};

/** Writes the spec's date-time field (publishedAt, the every-value-form example's) and reads it back. */
export async function probeDateTimeReadBack(ctx: Context, key: string) {
  return ctx.observe('date-time-read-back', async () => {
    const put = await ctx.api.putFields(key, { publishedAt: WRITTEN });
    if (!isSuccess(put.status))
      return { notObserved: `the date-time could not be written: ${describe(put)}` };
    const get = await ctx.api.getVideo(key);
    const fields = (get.json as { simpleCustomFields?: Record<string, unknown> } | undefined)
      ?.simpleCustomFields;
    if (!isSuccess(get.status) || fields === undefined) {
      return { notObserved: `get-video gave no custom fields back: ${describe(get)}` };
    }
    const read = fields.publishedAt;
    return recognise(READ_BACK, read, `wrote publishedAt ${WRITTEN}, read back ${JSON.stringify(read)}`);
  });
}
