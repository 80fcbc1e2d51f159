import { readFileSync } from 'node:fs';
import { readingsOf } from '@video-api/schema';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { webhookRoutes } from '../../src/control/webhook-routes.js';
import { parseAllowList } from '../../src/webhooks/allow-list.js';
import { DEFAULT_RETRY } from '../../src/webhooks/backoff.js';
import { WEBHOOK_HEADERS } from '../../src/webhooks/constants.js';
import { createWebhookDispatcher } from '../../src/webhooks/dispatcher.js';
import { WEBHOOK_READING_IDS } from '../../src/webhooks/readings.js';
import { RESOLVE_TIMEOUT_MS } from '../../src/webhooks/target-check.js';
import {
  LINK_LOCAL_RANGES,
  METADATA_ADDRESSES,
  METADATA_NAMES,
  resolvedRefusal,
  targetRefusal,
} from '../../src/webhooks/target-rules.js';
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

  it('lists the targets the rules refuse, from the rules themselves, and their messages as the code writes them', () => {
    for (const range of LINK_LOCAL_RANGES) expect(readme).toContain(`\`${range}\``);
    for (const [address, cloud] of Object.entries(METADATA_ADDRESSES))
      expect(readme).toContain(`\`${address}\` (${cloud})`);
    for (const name of Object.keys(METADATA_NAMES)) expect(readme).toContain(`\`${name}\``);
    expect(readme).toContain(`not within ${RESOLVE_TIMEOUT_MS / 1000} s`);
    const none = parseAllowList([]);
    expect(readme).toContain(targetRefusal('http://169.254.169.254/latest/meta-data/', none));
    expect(readme).toContain(resolvedRefusal('http://evil-rebind.test/', '169.254.169.254', none));
  });
});
