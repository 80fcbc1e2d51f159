/**
 * The event the mock emits on every state change of a video (§3, §6), the context it is emitted
 * in (the readings and origin of the request that caused it, or the server's own), and the named
 * seam between the lifecycle and whoever takes its events (webhooks, `app.mock.onEvent`).
 */
import type { ReadingSet, UnspecifiedIdWithReadings } from '@video-api/schema';

/**
 * One state change of a video.
 *
 * @example
 * const event: VideoEvent = {
 *   videoKey: 'v-0001', state: 'ready', previousState: 'processing',
 *   occurredAt: '2026-11-22T08:30:02.000Z', video: { videoKey: 'v-0001', simpleCustomFields: {} },
 * };
 */
export interface VideoEvent {
  videoKey: string;
  /** The state under the `video-states` reading in force. */
  state: string;
  previousState: string | null;
  /** ISO time on the virtual clock. */
  occurredAt: string;
  /** The GET representation under the readings in force. */
  video: Record<string, unknown>;
}

/**
 * Who caused a transition: the readings in force for it (a request's, with its `X-Mock-Reading`,
 * or the server's for transitions the clock brings) and the origin of that request, so that the
 * event's playback address is the one that client saw.
 */
export interface EventContext {
  readings: ReadingSet;
  origin?: string;
}

/** Where the lifecycle sends its events (`VideoEvents`), seen from the lifecycle. */
export interface EventSink {
  /** Whether an event would reach anyone now: an event nobody hears is not built. */
  heard(): boolean;
  emit(event: VideoEvent, context: EventContext): void;
}

/**
 * One receiver of the events: the webhook dispatcher, or a listener of `app.mock.onEvent` (a
 * function: always heard, takes the event only).
 */
export type EventSubscriber =
  | ((event: VideoEvent) => void)
  | {
      /** Whether it would take an event now (a dispatcher with no target would not). */
      heard(): boolean;
      take(event: VideoEvent, context: EventContext): void;
      /** The readings `take` reads of the context: a request that causes events records them as played while it is heard. */
      reads: readonly UnspecifiedIdWithReadings[];
    };

/** The readings of a request as `contextOf` reads them (src/readings/request-readings.ts). */
interface PlayedReadings {
  get(id: UnspecifiedIdWithReadings): string;
  all(): ReadingSet;
}

/** The events of one state: the lifecycle emits, subscribers take, in the order they subscribed. */
export interface VideoEvents extends EventSink {
  /** Adds a subscriber (once: one subscribed again stays one); the returned function removes it. */
  subscribe(subscriber: EventSubscriber): () => void;
  /** The context of the events a request causes: its readings (the subscribers' `reads` recorded as played) and origin. */
  contextOf(readings: PlayedReadings, origin?: string): EventContext;
}

/**
 * The events of one state, with no subscriber yet.
 *
 * @example
 * const events = videoEvents();
 * const stop = events.subscribe((event) => console.log(event.state));
 */
export function videoEvents(): VideoEvents {
  const subscribers = new Set<EventSubscriber>();
  const heard = (subscriber: EventSubscriber) => typeof subscriber === 'function' || subscriber.heard();
  return {
    heard() {
      for (const subscriber of subscribers) if (heard(subscriber)) return true;
      return false;
    },
    emit(event, context) {
      for (const subscriber of subscribers) {
        if (typeof subscriber === 'function') subscriber(event);
        else subscriber.take(event, context);
      }
    },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    contextOf(readings, origin) {
      for (const subscriber of subscribers) {
        if (typeof subscriber !== 'function' && subscriber.heard())
          for (const id of subscriber.reads) readings.get(id);
      }
      return { readings: readings.all(), ...(origin !== undefined && { origin }) };
    },
  };
}
