/**
 * The log's lines: a request's JSON line has the fields, order and values the line built by
 * spreading and JSON.stringify had (what log readers parse), for any method and path; pretty lines
 * are one short human line; error lines flush a batching writer; a served request is logged.
 */
import { mockReadings } from '@video-api/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { resolveOptions } from '../../src/options.js';
import { readingSet } from '../../src/readings/choice.js';
import { RequestReadings } from '../../src/readings/request-readings.js';
import { createLog, formatted, type LineWriter, type RequestLine } from '../../src/shared/log.js';

function capture(format?: 'json' | 'pretty'): { lines: string[]; write: LineWriter } {
  const lines: string[] = [];
  const push = (line: string) => lines.push(line);
  return { lines, write: format === undefined ? push : formatted(push, format) };
}

function readingsOf(choice: Record<string, string> = {}): RequestReadings {
  const readings = new RequestReadings(readingSet(choice));
  readings.get('status-codes');
  readings.get('video-record-fields');
  return readings;
}

function lineOf(overrides: Partial<RequestLine> = {}): RequestLine {
  return {
    at: Date.UTC(2026, 0, 2, 3, 4, 5, 67),
    virtualTime: '2026-01-02T03:04:07.067Z',
    method: 'GET',
    path: '/api/v1/videos/v-0001',
    operationId: 'getVideo',
    status: 200,
    readings: readingsOf(),
    durationMs: 1.5,
    ...overrides,
  };
}

/** The line as a spread and one JSON.stringify build it (the readings not at their default). */
function formerLine(level: string, line: RequestLine): string {
  const defaults = mockReadings() as Record<string, string>;
  const entry = {
    msg: 'request',
    time: new Date(line.at).toISOString(),
    virtualTime: line.virtualTime,
    method: line.method,
    path: line.path,
    operationId: line.operationId,
    status: line.status,
    readings: Object.fromEntries(
      Object.entries(line.readings.played()).filter(([id, r]) => defaults[id] !== r),
    ),
    durationMs: line.durationMs,
  };
  const logged: Record<string, unknown> = { level, time: 'replaced' };
  return JSON.stringify(Object.assign(logged, entry));
}

describe('request lines, JSON', () => {
  const choices = [
    readingsOf(),
    readingsOf({ 'status-codes': 'semantic' }),
    readingsOf({ 'video-record-fields': 'listed-only' }),
  ];

  it('are the lines a spread and JSON.stringify build, byte for byte, for any method, path, status and duration', () => {
    const { lines, write } = capture();
    const log = createLog('info', write);
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.option(fc.constantFrom('getVideo', 'updateCustomFields'), { nil: undefined }),
        fc.integer({ min: 100, max: 599 }),
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 100_000 }).map((tenths) => tenths / 10),
        (method, path, operationId, status, at, durationMs) => {
          const line = lineOf({
            method,
            path,
            operationId,
            status,
            at,
            durationMs,
            readings: choices[status % 3] as RequestReadings,
          });
          log.request('info', line);
          const written = lines.at(-1) as string;
          expect(written).toBe(formerLine('info', line));
          expect(JSON.parse(written)).toMatchObject({ level: 'info', msg: 'request', method, path, status });
        },
      ),
    );
  });

  it('name the readings played that are not at their default, and only those', () => {
    const { lines, write } = capture();
    const log = createLog('info', write);
    log.request('info', lineOf());
    log.request('info', lineOf({ readings: readingsOf({ 'status-codes': 'semantic' }) }));
    expect(lines.map((line) => (JSON.parse(line) as { readings: unknown }).readings)).toEqual([
      {},
      { 'status-codes': 'semantic' },
    ]);
    expect(lines[0]?.length).toBeLessThan(300);
  });

  it('give each millisecond its own time text, also across seconds', () => {
    const { lines, write } = capture();
    const log = createLog('info', write);
    const base = Date.UTC(2026, 4, 6, 7, 8, 9, 998);
    for (const at of [base, base, base + 1, base + 2, base + 1003, base - 999])
      log.request('info', lineOf({ at }));
    expect(lines.map((line) => (JSON.parse(line) as { time: string }).time)).toEqual(
      [base, base, base + 1, base + 2, base + 1003, base - 999].map((at) => new Date(at).toISOString()),
    );
  });

  it('are filtered by level, and error lines flush the writer', () => {
    const lines: string[] = [];
    let flushes = 0;
    const write = Object.assign((line: string) => lines.push(line), { flush: () => flushes++ });
    const resolved = resolveOptions({ logLevel: 'warn', logger: write });
    const log = createLog(resolved.logLevel, resolved.logger);
    log.request('info', lineOf());
    log('info', { msg: 'not written' });
    expect(lines).toEqual([]);
    log.request('error', lineOf({ status: 500 }));
    log('error', { msg: 'storage full' });
    expect(lines.map((line) => (JSON.parse(line) as { level: string }).level)).toEqual(['error', 'error']);
    expect(flushes).toBe(2);
  });
});

describe('pretty lines', () => {
  it('say time, level, method, path, status, duration and the readings not at their default', () => {
    const { lines, write } = capture('pretty');
    const log = createLog('info', write);
    log.request('info', lineOf());
    log.request('error', lineOf({ status: 503, readings: readingsOf({ 'status-codes': 'semantic' }) }));
    log('warn', { msg: 'bound to 0.0.0.0', host: '0.0.0.0', detail: 'set an admin token' });
    expect(lines).toEqual([
      '03:04:05.067 INFO  GET /api/v1/videos/v-0001 200 1.5ms',
      '03:04:05.067 ERROR GET /api/v1/videos/v-0001 503 1.5ms  status-codes=semantic',
      expect.stringMatching(
        /^\d\d:\d\d:\d\d\.\d{3} WARN {2}bound to 0\.0\.0\.0 host=0\.0\.0\.0 detail="set an admin token"$/,
      ),
    ]);
  });

  it('are refused in another format name', () => {
    expect(() => resolveOptions({ logFormat: 'yaml' as 'json' })).toThrow(
      'logFormat: "yaml" is not accepted (one of json, pretty)',
    );
  });
});

describe('a served request', () => {
  it('is one JSON line with the fields readers use', async () => {
    const { lines, write } = capture();
    const app = createApp({ logLevel: 'info', logger: write, realTimeClock: false });
    const answer = await app.request('/api/v1/videos/v-9999', {
      headers: { authorization: 'Bearer mock-token' },
    });
    const entry = JSON.parse(lines.at(-1) as string) as Record<string, unknown>;
    expect(Object.keys(entry)).toEqual([
      'level',
      'time',
      'msg',
      'virtualTime',
      'method',
      'path',
      'operationId',
      'status',
      'readings',
      'durationMs',
    ]);
    expect(entry).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      path: '/api/v1/videos/v-9999',
      operationId: 'getVideo',
      status: answer.status,
    });
    // the readings X-Mock-Readings names that are not at their default (here: none)
    const defaults = mockReadings() as Record<string, string>;
    const played = (answer.headers.get('x-mock-readings') ?? '').split(', ').map((pair) => pair.split('='));
    expect(entry.readings).toEqual(
      Object.fromEntries(played.filter(([id, r]) => defaults[id as string] !== r)),
    );
    await app.mock.close();
    // and with a reading switched, that one
    const switched = capture();
    const other = createApp({
      logLevel: 'info',
      logger: switched.write,
      readings: { 'error-shape': 'message-object' },
    });
    await other.request('/api/v1/videos/v-9999', { headers: { authorization: 'Bearer mock-token' } });
    expect((JSON.parse(switched.lines.at(-1) as string) as { readings: unknown }).readings).toEqual({
      'error-shape': 'message-object',
    });
    await other.mock.close();
  });
});
