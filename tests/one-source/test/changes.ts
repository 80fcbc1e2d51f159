/**
 * The two changes the acceptance test makes, and where each must fail the type check
 * (`file:top-level declaration`, places.ts), as the type checker lists them.
 */
import type { NewOperation, NewReading } from '../src/spec-edits.js';

export const NEW_READING: { change: NewReading; expected: string[] } = {
  change: {
    id: 'custom-fields-omitted',
    reading: 'partial-merge',
    sentence: 'Fields absent from the body keep their stored values, except array fields, which are cleared.',
  },
  expected: [
    // the mock: what the reading does (a table of functions where it acts), and its test table of effects
    'apps/mock-server/src/api/update-custom-fields.ts:OMITTED_FIELDS',
    'apps/mock-server/test/readings/effects-records.ts:recordEffects',
    // the contract: what the probe predicts of each reading, and its tests
    'packages/contract/src/probes/custom-fields.ts:OMITTED',
    'packages/contract/test/finding.test.ts:describe(Finding)',
    'packages/contract/test/signs.test.ts:OMITTED',
    'packages/contract/test/signs.test.ts:describe(recognise)',
  ],
};

export const NEW_OPERATION: { change: NewOperation; expected: string[] } = {
  change: {
    path: '/api/v1/videos/{videoKey}',
    method: 'delete',
    status: 200,
    operation: {
      operationId: 'deleteVideo',
      tags: ['videos'],
      summary: 'Delete a video (an operation the acceptance test adds) (§4)',
      security: [{ bearerAuth: [] }],
      parameters: [{ $ref: '#/components/parameters/VideoKey' }],
      responses: {
        '2XX': { description: 'The video is deleted.' },
        default: { $ref: '#/components/responses/Error' },
      },
    },
  },
  expected: [
    // the mock: its route table (the handler goes there), and the test of the operations it serves
    'apps/mock-server/src/api/routes.ts:apiRoutes',
    'apps/mock-server/test/http/operations.test.ts:describe(the operations of the mock)',
    // the client: its operation table and the method of the client
    'packages/client/src/client.ts:createVideoApiClient',
    'packages/client/src/operations.ts:operationTable',
    'packages/client/test/operations.test.ts:describe(the operation table)',
    // the contract: the operations that name a video (the section comes from the summary), the paths test
    'packages/contract/src/checks/video.ts:checkUnknownKeys',
    'packages/contract/test/operations.test.ts:describe(routeOf)',
  ],
};
