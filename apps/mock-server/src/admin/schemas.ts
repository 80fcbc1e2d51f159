/** Bodies of the admin API (the mock's own control surface, not the public spec). */
import { zCustomFieldValue } from '@video-api/schema/zod';
import { z } from 'zod';

const PHASES = ['created', 'uploading', 'uploaded', 'processing', 'ready', 'failed'] as const;

export const zSeedBody = z.strictObject({
  videos: z
    .array(
      z.strictObject({
        key: z.string().min(1).max(200).optional(),
        title: z.string(),
        tags: z.array(z.string()).optional(),
        projectKey: z.string().optional(),
        owner: z.string().optional(),
        simpleCustomFields: z.record(z.string(), zCustomFieldValue).optional(),
        phase: z.enum(PHASES).optional(),
      }),
    )
    .max(10_000),
});

export const zAdvanceBody = z.strictObject({
  ms: z
    .number()
    .int()
    .min(0)
    .max(10 * 365 * 24 * 3600 * 1000),
});

export const zReadingsBody = z.record(z.string(), z.string());

export const zDefinitionsBody = z.strictObject({
  definitions: z.array(
    z.strictObject({
      name: z.string().min(1),
      kind: z.enum(['string', 'number', 'boolean', 'date-time', 'string-array']).optional(),
    }),
  ),
});

export const zJournalQuery = z.strictObject({
  method: z.string().optional(),
  path: z.string().optional(),
  operationId: z.string().optional(),
  since: z.string().optional(),
});
