/** The webhook readings told from a delivery: signing, method and credential. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { classifyMethod, classifySecurity, classifySigning } from '../src/probes/webhook-readings.js';

const body = '{"type":"video.ready"}';
const secret = 'whsec';
const hex = (data: string, key = secret) => createHmac('sha256', key).update(data).digest('hex');
const delivery = (headers: Record<string, string>, method = 'POST') => ({
  method,
  headers,
  body,
  json: JSON.parse(body),
  receivedAt: 0,
});

describe('classifySigning', () => {
  it.each([
    [
      'timestamped',
      { 'webhook-signature': `t=1700000000,v1=${hex(`1700000000.${body}`)}` },
      'hmac-sha256-timestamped',
    ],
    ['body', { 'webhook-signature': `v1=${hex(body)}` }, 'hmac-sha256-body'],
    ['bare body hex', { 'x-signature': hex(body) }, 'hmac-sha256-body'],
    ['unsigned', {}, 'unsigned'],
    ['another secret', { 'webhook-signature': `t=1,v1=${hex(`1.${body}`, 'other')}` }, 'other'],
    ['a tampered body', { 'webhook-signature': `v1=${hex(`${body} `)}` }, 'other'],
  ])('%s → %s', (_what, headers, reading) => {
    expect(classifySigning(delivery(headers), secret)).toMatchObject({ reading });
  });

  it('cannot verify without a secret', () => {
    const headers = { 'webhook-signature': `v1=${hex(body)}` };
    expect(classifySigning(delivery(headers), undefined)).toMatchObject({
      notObserved: expect.stringContaining('no secret'),
    });
  });
});

describe('classifyMethod (webhook-method)', () => {
  it.each([
    ['POST', 'post'],
    ['PUT', 'put'],
    ['PATCH', 'other'],
  ])('%s → %s', (method, reading) => {
    expect(classifyMethod(delivery({}, method))).toMatchObject({ reading });
  });
});

describe('classifySecurity (webhook-security)', () => {
  it.each([
    ['no Authorization header', {}, 'none'],
    ['the secret as a Bearer token', { authorization: `Bearer ${secret}` }, 'bearer-secret'],
    ['another Bearer token', { authorization: 'Bearer something-else' }, 'other'],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }, 'other'],
  ])('%s → %s', (_what, headers, reading) => {
    expect(classifySecurity(delivery(headers), secret)).toMatchObject({ reading });
  });

  it('cannot compare a Bearer credential without a secret', () => {
    expect(classifySecurity(delivery({ authorization: 'Bearer x' }), undefined)).toMatchObject({
      notObserved: expect.stringContaining('no registration secret'),
    });
  });
});
