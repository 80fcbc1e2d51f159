import type { OperationId } from '@video-api/schema';
import { openapiDocument } from '@video-api/schema/openapi';
import { ADDED_OPERATION } from '@video-api/test-support';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  allowedMethods,
  type OperationTable,
  operationIdOf,
  type RoutedOperationId,
  SPEC_OPERATIONS,
  specOperation,
} from '../../src/http/operations.js';
import { typecheck } from '../support/typecheck.js';

type PathItem = Record<string, { operationId?: string } | undefined>;
const document = openapiDocument as { paths: Record<string, PathItem>; webhooks: Record<string, PathItem> };
const underPaths = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, operation]) =>
    operation?.operationId
      ? [{ operationId: operation.operationId, method: method.toUpperCase(), path }]
      : [],
  ),
);

describe('the operations of the mock', () => {
  it("are the spec's operations under a path, with the spec's method and path", () => {
    expect(
      SPEC_OPERATIONS.map((o) => ({ operationId: o.operationId, method: o.method, path: o.specPath })),
    ).toEqual(underPaths);
    for (const { operationId, method, path } of underPaths) {
      expect(specOperation(operationId as RoutedOperationId).specPath).toBe(path);
      const concrete = path.replace(/\{[^}]+\}/g, 'v-0001');
      expect(operationIdOf(method, concrete)).toBe(operationId);
      expect(allowedMethods(concrete)).toContain(method);
    }
  });

  it('are typed by the spec: one table entry per operation id, routed or sent', () => {
    expectTypeOf<keyof OperationTable<1, 2>>().toEqualTypeOf<OperationId>();
    expectTypeOf<OperationTable<1, 2>['videoReadinessWebhook']>().toEqualTypeOf<2>();
    expectTypeOf(specOperation('getVideo').specPath).toEqualTypeOf<'/api/v1/videos/{videoKey}'>();
    // Every id of the generated type once (the compiler checks both ways), against the document's.
    const ids = {
      createVideos: true,
      uploadVideoSource: true,
      getVideo: true,
      updateCustomFields: true,
      videoReadinessWebhook: true,
    } as const satisfies Record<OperationId, true>;
    const webhooks = Object.values(document.webhooks).flatMap((item) =>
      Object.values(item).map((operation) => operation?.operationId),
    );
    expect([...underPaths.map((o) => o.operationId), ...webhooks].sort()).toEqual(Object.keys(ids).sort());
  });

  it('fails the type check where the mock must handle an operation added to the spec', () => {
    // A scratch spec change: an operation added to the generated `operations` and `paths`.
    const added = `
import type {} from '@video-api/schema/types';
import '../../src/mock-instance.js';
${ADDED_OPERATION}`;
    expect(typecheck({ 'added-operation.ts': added })).toEqual([
      expect.stringMatching(/^src\/api\/routes\.ts:\d+ TS2741: Property 'deleteVideo' is missing/),
    ]);
  }, 120_000);
});
