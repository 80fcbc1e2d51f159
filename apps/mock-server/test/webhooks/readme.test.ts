import { readFileSync } from 'node:fs';
import { readingsOf } from '@video-api/schema/unspecified';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { webhookRoutes } from '../../src/control/webhook-routes.js';
import {
  createWebhookDispatcher,
  DEFAULT_RETRY,
  WEBHOOK_HEADERS,
  WEBHOOK_READING_IDS,
} from '../../src/webhooks/index.js';
import { adminProblem, expectDocumentedProblem } from '../support/admin-problem.js';

const readme = readFileSync(new URL('../../src/webhooks/README.md', import.meta.url), 'utf8');

describe('the webhooks README', () => {
  it.each(Object.values(WEBHOOK_HEADERS))('documents the header %s', (name) => {
    expect(readme).toContain(`\`${name}\``);
  });

  it.each(Object.values(WEBHOOK_READING_IDS))('documents every reading of %s', (id) => {
    expect(readme).toContain(`\`${id}\``);
    for (const reading of readingsOf(id))
      expect(readme).toMatch(new RegExp(`\\| (\\*\\*)?${reading}(\\*\\*)? \\|`));
  });

  it('states the default retry policy the code uses', () => {
    expect(readme).toContain(`up to ${DEFAULT_RETRY.maxMs / 1000} s by default`);
    expect(readme).toContain(`${DEFAULT_RETRY.windowMs / 60_000} minutes by`);
    expect(readme).toContain(
      `{ baseMs: ${DEFAULT_RETRY.baseMs}, maxMs: ${DEFAULT_RETRY.maxMs}, windowMs: ${DEFAULT_RETRY.windowMs}, attempts? }`,
    );
    expect(DEFAULT_RETRY.attempts).toBe(Number.POSITIVE_INFINITY); // "no cap by default"
    expect(readme).toContain(`${DEFAULT_RETRY.baseMs / 2}–${DEFAULT_RETRY.baseMs} ms`);
  });

  it('documents the admin error body the routes answer, problem+json, not the old one', async () => {
    const dispatcher = createWebhookDispatcher({ readings: () => ({}) });
    const app = new Hono().route('/__mock/webhooks', webhookRoutes(dispatcher));
    const response = await app.request('/__mock/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await dispatcher.close();
    const json = await adminProblem(response, 400, 'validation-failed');
    expectDocumentedProblem(
      readme,
      json,
      ['validation-failed', 'unsupported-media-type', 'payload-too-large', 'not-found'],
      /"where"|invalid-webhook|Invalid request:/,
    );
  });
});
