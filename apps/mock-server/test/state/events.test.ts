import type { UnspecifiedIdWithReadings } from '@video-api/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readingSet } from '../../src/readings/choice.js';
import { RequestReadings } from '../../src/readings/request-readings.js';
import { ServerReadings } from '../../src/readings/server-readings.js';
import { type EventSubscriber, type VideoEvent, videoEvents } from '../../src/state/events.js';
import { webhookSubscriber } from '../../src/webhooks/dispatcher.js';
import { WEBHOOK_READING_IDS } from '../../src/webhooks/readings.js';
import type { WebhookDispatcher } from '../../src/webhooks/types.js';
import { api } from '../support/api.js';

const event = (state: string): VideoEvent => ({
  videoKey: 'v-1',
  state,
  previousState: null,
  occurredAt: '2026-11-22T08:30:00.000Z',
  video: { videoKey: 'v-1', simpleCustomFields: {} },
});
const context = { readings: new ServerReadings(readingSet()).current() };

/** A subscriber object that records what it takes, heard while `heard()` says. */
function recorder(
  log: string[],
  name: string,
  heard: () => boolean,
  reads: readonly UnspecifiedIdWithReadings[] = [],
): EventSubscriber {
  return { heard, take: (taken: VideoEvent) => log.push(`${name}:${taken.state}`), reads };
}

describe('the events of a state (VideoEvents)', () => {
  it('hands each event to every subscriber, in the order they subscribed, until each leaves', () => {
    const events = videoEvents();
    const log: string[] = [];
    const leaveA = events.subscribe(recorder(log, 'a', () => true));
    events.subscribe((taken) => log.push(`b:${taken.state}`));
    events.emit(event('created'), context);
    leaveA();
    events.emit(event('ready'), context);
    expect(log).toEqual(['a:created', 'b:created', 'b:ready']);
  });

  it('keeps a listener subscribed twice once, as onEvent always did', () => {
    const events = videoEvents();
    const taken: string[] = [];
    const listener = (e: VideoEvent) => taken.push(e.state);
    events.subscribe(listener);
    const leave = events.subscribe(listener);
    events.emit(event('created'), context);
    leave();
    events.emit(event('ready'), context);
    expect(taken).toEqual(['created']);
  });

  it('is heard while some subscriber is: a listener always, an object while it says so', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant('listener' as const), fc.boolean()), { maxLength: 6 }),
        (kinds) => {
          const events = videoEvents();
          for (const kind of kinds) {
            events.subscribe(kind === 'listener' ? () => {} : recorder([], 'x', () => kind));
          }
          expect(events.heard()).toBe(kinds.some((kind) => kind !== false));
        },
      ),
    );
  });

  it("records as played the readings of the subscribers that hear, and none of the others'", () => {
    const events = videoEvents();
    let webhooksHeard = false;
    events.subscribe(recorder([], 'hooks', () => webhooksHeard, ['webhook-payload']));
    events.subscribe(() => {});
    const server = new ServerReadings(readingSet());
    const quiet = new RequestReadings(server.current());
    expect(events.contextOf(quiet, 'http://a.test')).toEqual({
      readings: server.current(),
      origin: 'http://a.test',
    });
    expect(quiet.played()).toEqual({});
    webhooksHeard = true;
    const heard = new RequestReadings(server.current());
    expect(events.contextOf(heard)).toEqual({ readings: server.current() });
    expect(Object.keys(heard.played())).toEqual(['webhook-payload']);
  });
});

describe('the webhook dispatcher as a subscriber', () => {
  it('is heard while a target is registered, dispatches with the readings of the context, and reads the webhook readings', () => {
    const dispatched: Array<[string, Record<string, string> | undefined]> = [];
    let targets = 0;
    const dispatcher = {
      list: () => Array.from({ length: targets }, (_, i) => ({ id: `t${i}`, url: 'http://127.0.0.1:1/h' })),
      dispatch: (e: VideoEvent, readings?: Record<string, string>) => dispatched.push([e.state, readings]),
    } as unknown as WebhookDispatcher;
    const subscriber = webhookSubscriber(dispatcher);
    if (typeof subscriber === 'function') throw new Error('a subscriber object was expected');
    expect(subscriber.heard()).toBe(false);
    targets = 1;
    expect(subscriber.heard()).toBe(true);
    subscriber.take(event('ready'), context);
    expect(dispatched).toEqual([['ready', context.readings]]);
    expect([...subscriber.reads].sort()).toEqual(Object.values(WEBHOOK_READING_IDS).sort());
  });

  it('plays the webhook readings of a create only once a target is registered (X-Mock-Readings)', async () => {
    const { app, create } = api();
    const before = await create({ projectKey: 'p', videos: [{ title: 'a' }] });
    expect(before.headers.get('x-mock-readings') ?? '').not.toContain('webhook-payload');
    app.mock.webhooks.register({ url: 'http://127.0.0.1:9/hooks' });
    const after = await create({ projectKey: 'p', videos: [{ title: 'b' }] });
    expect(after.headers.get('x-mock-readings') ?? '').toContain('webhook-payload');
    await app.mock.close();
  });
});
