/** Property-based checks (fast-check): valid field maps round-trip; invalid requests get a 4xx. */

import type { ReadingOf } from '@video-api/schema';
import fc from 'fast-check';
import type { Context } from '../context/context.js';
import { CheckFailure, CheckSkipped, explain } from '../context/failures.js';
import { everyValueForm, exampleFieldNames } from '../support/examples.js';
import { noAnswerIn } from '../support/http.js';
import { pathOf } from '../support/operations.js';
import { showValue } from '../support/shown.js';
import { roundTrip } from './custom-fields.js';
import { ensureRefused } from './refusal.js';

const text = fc.string({ maxLength: 40 });
const dateTime = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => d.toISOString());
const forms = {
  string: text,
  number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
  boolean: fc.boolean(),
  dateTime,
  array: fc.array(text, { maxLength: 5 }),
};
const anyValue = fc.oneof(forms.string, forms.number, forms.boolean, forms.dateTime, forms.array);

/** The form of each example field, so a server with predefined (or typed) fields gets values of the right kind. */
function formOf(value: unknown): fc.Arbitrary<unknown> {
  if (Array.isArray(value)) return forms.array;
  if (typeof value === 'number') return forms.number;
  if (typeof value === 'boolean') return forms.boolean;
  if (typeof value === 'string' && /T\d{2}:\d{2}/.test(value)) return forms.dateTime;
  return forms.string;
}

/** The field names a write may use under each reading: any name, or only the spec's example fields. */
const NAMES_UNDER: Record<ReadingOf<'custom-field-definition'>, 'any' | 'examples'> = {
  implicit: 'any',
  predefined: 'examples',
  typed: 'examples',
};

function fieldMaps(ctx: Context): fc.Arbitrary<Record<string, unknown>> {
  const definition = ctx.reading('custom-field-definition');
  if (definition !== undefined && definition !== 'other' && NAMES_UNDER[definition] === 'examples') {
    const shaped = Object.fromEntries(exampleFieldNames.map((n) => [n, formOf(everyValueForm[n])]));
    return fc.record(shaped, { requiredKeys: [] }).filter((map) => Object.keys(map).length > 0);
  }
  const name = fc.stringMatching(/^[a-z][A-Za-z0-9_]{0,15}$/);
  return fc.dictionary(name, anyValue, { minKeys: 1, maxKeys: 6 });
}

const notObject = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.string(),
  fc.array(fc.integer(), { minLength: 1 }),
);
const invalidCreate = fc.oneof(
  notObject,
  fc.record({ videos: fc.constant([{ title: 'no project' }]) }),
  fc.record({ projectKey: fc.oneof(fc.integer(), fc.boolean()), videos: fc.constant([{ title: 't' }]) }),
  fc.record({
    projectKey: fc.constant('p'),
    videos: fc.oneof(notObject, fc.dictionary(fc.string(), fc.string())),
  }),
  fc.record({
    projectKey: fc.constant('p'),
    videos: fc.array(fc.record({ tags: fc.array(fc.string()) }), { minLength: 1 }),
  }),
  fc.record({
    projectKey: fc.constant('p'),
    videos: fc.tuple(fc.record({ title: fc.oneof(fc.integer(), fc.boolean()) })),
  }),
  fc.record({
    projectKey: fc.constant('p'),
    videos: fc.tuple(fc.record({ title: fc.constant('t'), tags: fc.array(fc.integer(), { minLength: 1 }) })),
  }),
);
const invalidValue = fc.oneof(
  fc.dictionary(fc.string(), fc.integer(), { minKeys: 1 }),
  fc.array(fc.oneof(fc.integer(), fc.boolean()), { minLength: 1 }),
);
/**
 * §4.4 states the body is a JSON object whose simpleCustomFields is an object of values in the
 * forms of §2. A member beyond simpleCustomFields is not generated: what a server does with one is
 * not stated (§7 leaves the conditions of errors open) and no unknown of the registry covers it.
 */
const invalidUpdate = fc.oneof(
  notObject,
  fc.record({ simpleCustomFields: fc.oneof(fc.integer(), fc.string(), fc.array(fc.string())) }),
  fc.record({ simpleCustomFields: fc.record({ note: invalidValue }) }),
);

/**
 * Runs a property and, when it fails, throws a CheckFailure that says what the server answered
 * for the smallest failing input, and the seed and path that replay it (`--seed`).
 */
async function holds<T>(ctx: Context, property: fc.IAsyncProperty<T>): Promise<void> {
  const { propertyRuns: numRuns, seed } = ctx.options;
  const details = await fc.check(property, { numRuns, seed });
  if (!details.failed) return;
  const error = details.errorInstance;
  const noAnswer = noAnswerIn(error);
  if (noAnswer) throw noAnswer;
  // A run the video budget did not allow (`--max-videos`): the check is skipped, not failed.
  if (error instanceof CheckSkipped) throw error;
  const what = error instanceof CheckFailure ? error.message : `unexpected error: ${explain(error)}`;
  const runs = `after ${details.numRuns} run${details.numRuns === 1 ? '' : 's'}`;
  throw new CheckFailure(
    `${what} (${runs}; replay with --seed ${details.seed}, path ${details.counterexamplePath})`,
  );
}

export async function checkProperties(ctx: Context, key: string): Promise<void> {
  const numRuns = ctx.options.propertyRuns;

  await ctx.check('valid custom field maps round-trip through update and get (property)', '2', async () => {
    await holds(
      ctx,
      fc.asyncProperty(fieldMaps(ctx), async (fields) => void (await roundTrip(ctx, key, fields))),
    );
    return `${numRuns} generated maps round-tripped`;
  });

  await ctx.check('invalid create bodies are refused with a 4xx, never a 5xx (property)', '4.1', async () => {
    await holds(
      ctx,
      fc.asyncProperty(invalidCreate, async (body) => {
        const exchange = await ctx.api.send({ method: 'POST', path: pathOf('createVideos'), json: body });
        ensureRefused(ctx, 'createVideos', exchange, `body ${showValue(body)}`);
      }),
    );
    return `${numRuns} invalid bodies refused with a 4xx`;
  });

  await ctx.check(
    'invalid custom-fields bodies are refused with a 4xx, never a 5xx (property)',
    '4.4',
    async () => {
      await holds(
        ctx,
        fc.asyncProperty(invalidUpdate, async (body) => {
          const path = pathOf('updateCustomFields', { videoKey: key });
          const exchange = await ctx.api.send({ method: 'PUT', path, json: body });
          ensureRefused(ctx, 'updateCustomFields', exchange, `body ${showValue(body)}`);
        }),
      );
      return `${numRuns} invalid bodies refused with a 4xx`;
    },
  );
}
