import type { OperationId } from '@video-api/schema';
import { openapiDocument } from '@video-api/schema/openapi';
import { ADDED_OPERATION } from '@video-api/test-support';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { operationTable, type SentOperationId } from '../src/operations.js';
import { consumerOptions, typecheck } from './support/typecheck.js';

type PathItem = Record<string, { operationId?: string } | undefined>;
const document = openapiDocument as { paths: Record<string, PathItem>; webhooks: Record<string, PathItem> };
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const idsUnder = (items: Record<string, PathItem>) =>
  Object.entries(items).flatMap(([path, item]) =>
    methods.flatMap((method) => {
      const id = item[method]?.operationId;
      return id === undefined ? [] : [{ id, path }];
    }),
  );

describe('the operation table', () => {
  it('is keyed by every operation id of the spec, and sends those that sit under a path', () => {
    expectTypeOf<keyof typeof operationTable>().toEqualTypeOf<OperationId>();
    const sent = idsUnder(document.paths);
    const received = idsUnder(document.webhooks);
    expect(Object.keys(operationTable).sort()).toEqual([...sent, ...received].map((o) => o.id).sort());
    for (const { id, path } of sent) expect(operationTable[id as SentOperationId].path).toBe(path);
    for (const { id } of received)
      expect(operationTable[id as OperationId]).toEqual({ receivedBy: 'verifyWebhook' });
  });

  it('fails the type check where the client must handle an operation added to the spec', () => {
    // A scratch spec change: an operation added to the generated `operations` and `paths`.
    const added = `
import type {} from '@video-api/schema/types';
import type { SentOperationId } from '../../src/operations.js';
${ADDED_OPERATION}export const sent: SentOperationId = 'deleteVideo';
`;
    const diagnostics = typecheck({ 'added-operation.mts': added }, consumerOptions, true);
    expect(diagnostics.filter((d) => d.startsWith('added-operation'))).toEqual([]);
    expect(diagnostics).toEqual([expect.stringMatching(/^src\/operations\.ts:\d+ TS1360: .*deleteVideo/)]);
  }, 60_000);
});
