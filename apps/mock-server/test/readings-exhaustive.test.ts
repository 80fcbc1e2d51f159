import { fileURLToPath } from 'node:url';
import { idsWithReadings, type UnspecifiedIdWithReadings, unspecified } from '@video-api/schema';
import { describe, expect, it } from 'vitest';
import { typecheck } from './support/typecheck.js';

const generated = fileURLToPath(
  new URL('../../../packages/schema/src/generated/unspecified.ts', import.meta.url),
);

/**
 * The registry with one reading more for every unknown, `scratch-<id>`, given the meaning of the
 * unknown's first reading where its readings have one (a reading the spec adds comes with its meaning).
 */
function withScratchReadings(): string {
  const registry = structuredClone(unspecified) as Record<string, Record<string, unknown>>;
  for (const id of idsWithReadings) {
    const marker = registry[id] as { readings: Record<string, string>; meaning?: Record<string, unknown> };
    marker.readings[`scratch-${id}`] = 'A reading added by a scratch spec change.';
    const meaning = marker.meaning;
    if (meaning) meaning[`scratch-${id}`] = Object.values(meaning)[0];
  }
  return `export const unspecified = ${JSON.stringify(registry)} as const;\n`;
}

/**
 * Where the mock must decide how to play a reading added to each unknown: the type check fails
 * there and nowhere else. An unknown with no file takes its new reading's behaviour from the
 * meaning the spec gives it (a status, a refusal, a body's media type), with no code change.
 */
const MUST_HANDLE: Record<UnspecifiedIdWithReadings, string[]> = {
  'status-codes': [],
  'error-codes': [],
  'rate-limits': ['src/readings/switches.ts'],
  'field-length-limits': ['src/readings/switches.ts'],
  'media-type-refusal': [],
  'videos-per-create-limit': ['src/readings/switches.ts'],
  'create-answer-order': ['src/api/create-videos.ts'],
  'file-size-limit': ['src/readings/switches.ts'],
  'video-transitions': ['src/api/upload-video-source.ts'],
  'upload-response-body': ['src/api/upload-video-source.ts'],
  'auth-get-video': ['src/http/auth.ts'],
  'readiness-field': ['src/state/video-shapes.ts'],
  'auth-update-custom-fields': ['src/http/auth.ts'],
  'custom-fields-omitted': ['src/api/update-custom-fields.ts'],
  // The meaning's `method` gives the HTTP method of a delivery: no code change.
  'webhook-method': [],
  'webhook-security': ['src/webhooks/send-attempt.ts'],
  'webhook-events': ['src/webhooks/event-job.ts'],
  'webhook-payload': ['src/webhooks/payload.ts'],
  'webhook-signing': ['src/webhooks/signing.ts'],
  'webhook-delivery': ['src/webhooks/delivery-plan.ts'],
  'token-refusal': [],
  'unknown-video-key': [],
  'error-shape': ['src/http/errors.ts'],
  'create-empty-videos': ['src/readings/switches.ts'],
  'video-record-fields': ['src/state/video-shapes.ts'],
  'custom-field-formats': ['src/state/field-types.ts'],
  'video-states': [],
  'custom-field-definition': ['src/api/update-custom-fields.ts'],
  'custom-field-null': ['src/api/update-custom-fields.ts'],
  'custom-field-types': ['src/state/read-fields.ts'],
  // The meaning's `order` (kept or any) says how a list reads back: a reading added with its
  // meaning needs no code change.
  'list-order': [],
  'unknown-project-key': ['src/http/conditions.ts'],
  'upload-source-files': ['src/api/source-files.ts'],
  'upload-form-parts': ['src/api/upload-video-source.ts'],
  'date-time-read-back': ['src/api/update-custom-fields.ts'],
  'webhook-registration': ['src/api/register-webhook.ts'],
};

describe('a reading added to the spec', () => {
  it('fails the type check at every place of the mock that must play it', () => {
    const diagnostics = typecheck(
      { 'scratch.ts': "import '../../src/node/index.js';\nimport '../../src/msw.js';\n" },
      { [generated]: withScratchReadings() },
    );
    const names = (id: string, d: string) => new RegExp(`scratch-${id}(?![a-z0-9-])`).test(d);
    const failing = Object.fromEntries(
      idsWithReadings.map((id) => {
        const files = diagnostics.filter((d) => names(id, d)).map((d) => d.split(':')[0]);
        return [id, [...new Set(files)].sort()];
      }),
    );
    expect(failing).toEqual(MUST_HANDLE);
    expect(diagnostics.filter((d) => !idsWithReadings.some((id) => names(id, d)))).toEqual([]);
  }, 120_000);
});
