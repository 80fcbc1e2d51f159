/** The admin API's own small OpenAPI document, served at `/__mock/openapi.json` (never mixed into the public spec). */
import { SEEDABLE_PHASES, SINCE_RULE, UNADDRESSABLE_KEYS } from './schemas.js';

const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const ok = (description: string, schema: object = { type: 'object' }) => ({
  200: { description, ...json(schema) },
});
const key = { name: 'videoKey', in: 'path', required: true, schema: { type: 'string' } };
const readingsMap = { type: 'object', additionalProperties: { type: 'string' } };
const problem = (description: string) => ({ description, ...json({ type: 'object' }) });
/** The refusals of every route that reads a JSON body (at most 1 MiB, `application/json`). */
const bodyErrors = {
  400: problem('The body is empty, not JSON or not valid: what, where and what is accepted'),
  413: problem('The body is larger than 1 MiB'),
  415: problem('The body is not application/json'),
};

/**
 * The document, with `origin` as its server.
 *
 * @example
 * adminOpenapi('http://127.0.0.1:4010').paths['/__mock/reset'];
 */
export function adminOpenapi(origin: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Video API mock: admin API',
      version: '1',
      description:
        'Control of the mock: reset, seed, journal, virtual clock, readiness and failure, readings, custom-field definitions, faults and webhooks. With --admin-token, every route needs `Authorization: Bearer <admin token>`.',
    },
    servers: [{ url: origin }],
    paths: {
      '/__mock/reset': {
        post: {
          operationId: 'reset',
          summary: 'Forget videos, journal, faults; restore the start readings',
          responses: { 204: { description: 'Reset' } },
        },
      },
      '/__mock/seed': {
        post: {
          operationId: 'seed',
          summary: 'Store videos directly',
          requestBody: json({
            type: 'object',
            required: ['videos'],
            properties: {
              videos: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['title'],
                  properties: {
                    key: {
                      type: 'string',
                      minLength: 1,
                      maxLength: 200,
                      not: { enum: UNADDRESSABLE_KEYS },
                      description: 'Unique in the seed and the store; generated when absent',
                    },
                    title: { type: 'string' },
                    tags: { type: 'array', items: { type: 'string' } },
                    projectKey: { type: 'string' },
                    owner: { type: 'string', description: 'The token that owns it (owner-only readings)' },
                    simpleCustomFields: { type: 'object' },
                    phase: { enum: SEEDABLE_PHASES },
                  },
                },
              },
            },
          }),
          responses: {
            ...ok('The keys of the seeded videos', {
              type: 'object',
              properties: { keys: { type: 'array', items: { type: 'string' } } },
            }),
            ...bodyErrors,
            409: problem("A key is a stored video's: nothing was seeded (a seed never overwrites)"),
          },
        },
      },
      '/__mock/journal': {
        get: {
          operationId: 'journal',
          summary: 'Received requests, oldest first',
          parameters: ['method', 'path', 'operationId', 'since'].map((name) => ({
            name,
            in: 'query',
            schema: { type: 'string' },
            ...(name === 'since' && { description: SINCE_RULE }),
          })),
          responses: {
            ...ok('The entries', {
              type: 'object',
              properties: { entries: { type: 'array', items: { type: 'object' } } },
            }),
            400: problem('An unknown filter, or a since of neither form'),
          },
        },
      },
      '/__mock/clock': {
        get: { operationId: 'getClock', summary: 'The virtual time', responses: ok('The clock') },
      },
      '/__mock/clock/advance': {
        post: {
          operationId: 'advanceClock',
          summary: 'Advance the virtual clock; due transitions apply',
          requestBody: json({
            type: 'object',
            required: ['ms'],
            properties: { ms: { type: 'integer', minimum: 0 } },
          }),
          responses: { ...ok('The clock'), ...bodyErrors },
        },
      },
      '/__mock/videos/{videoKey}/ready': {
        post: {
          operationId: 'makeReady',
          summary: 'Make a video ready now',
          parameters: [key],
          responses: ok('The video'),
        },
      },
      '/__mock/videos/{videoKey}/fail': {
        post: {
          operationId: 'failVideo',
          summary: 'Make the processing of a video fail now',
          parameters: [key],
          responses: ok('The video'),
        },
      },
      '/__mock/readings': {
        get: {
          operationId: 'getReadings',
          summary: 'The readings in force, the defaults and the accepted ones',
          responses: ok('Readings'),
        },
        put: {
          operationId: 'putReadings',
          summary: 'Play the spec defaults with these readings over them',
          requestBody: json(readingsMap),
          responses: { ...ok('Readings'), ...bodyErrors },
        },
        patch: {
          operationId: 'patchReadings',
          summary: 'Change some readings',
          requestBody: json(readingsMap),
          responses: { ...ok('Readings'), ...bodyErrors },
        },
      },
      '/__mock/custom-field-definitions': {
        get: {
          operationId: 'getDefinitions',
          summary: 'Custom fields defined (custom-field-definition: predefined)',
          responses: ok('Definitions'),
        },
        put: {
          operationId: 'putDefinitions',
          summary: 'Define custom fields',
          requestBody: json({
            type: 'object',
            required: ['definitions'],
            properties: {
              definitions: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['name'],
                  properties: {
                    name: { type: 'string' },
                    kind: { enum: ['string', 'number', 'boolean', 'date-time', 'string-array'] },
                  },
                },
              },
            },
          }),
          responses: { ...ok('Definitions'), ...bodyErrors },
        },
      },
      '/__mock/faults': {
        get: {
          operationId: 'listFaults',
          summary: 'Fault rules in force (see src/faults/README.md)',
          responses: ok('Rules'),
        },
        put: {
          operationId: 'setFaults',
          summary: 'Replace the fault rules',
          requestBody: json({ type: 'array' }),
          responses: { ...ok('Rules'), ...bodyErrors },
        },
        post: {
          operationId: 'addFault',
          summary: 'Add one fault rule',
          requestBody: json({ type: 'object' }),
          responses: { 201: { description: 'Rules', ...json({ type: 'object' }) }, ...bodyErrors },
        },
        delete: { operationId: 'clearFaults', summary: 'Remove every fault rule', responses: ok('Rules') },
      },
      '/__mock/webhooks': {
        get: {
          operationId: 'listWebhooks',
          summary: 'Registered receivers (see src/webhooks/README.md)',
          responses: ok('Receivers'),
        },
        post: {
          operationId: 'registerWebhook',
          summary: 'Register a receiver',
          requestBody: json({
            type: 'object',
            required: ['url'],
            properties: { url: { type: 'string' }, secret: { type: 'string' } },
          }),
          responses: {
            201: { description: 'The registration: id, url, secret', ...json({ type: 'object' }) },
            ...bodyErrors,
          },
        },
      },
      '/__mock/webhooks/deliveries': {
        get: {
          operationId: 'listDeliveries',
          summary: 'Every delivery attempt',
          parameters: ['eventId', 'targetId', 'videoKey', 'event'].map((name) => ({
            name,
            in: 'query',
            schema: { type: 'string' },
          })),
          responses: ok('Deliveries'),
        },
      },
      '/__mock/webhooks/{id}': {
        delete: {
          operationId: 'unregisterWebhook',
          summary: 'Remove a receiver',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 204: { description: 'Removed' }, 404: { description: 'No such receiver' } },
        },
      },
    },
  };
}
