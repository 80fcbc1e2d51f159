/**
 * Unhandled requests in both majors of msw: options of `server.listen()` / `worker.start()` that
 * fail a request no handler takes (`onUnhandledRequest` in msw 2, `onUnhandledFrame` in msw 3;
 * each major ignores the other's), and a record of those requests.
 */
export const REFUSE_UNHANDLED = { onUnhandledRequest: 'error', onUnhandledFrame: 'error' } as const;

/** What both majors' `server.events` accept for this event (msw 2.13's own types lose the name). */
interface UnhandledEvents {
  on(type: 'request:unhandled', listener: (event: { request: Request }) => void): void;
}

/**
 * Pushes `METHOD URL` of every unhandled request onto `into`. msw 2 hands the listener
 * `{ request, requestId }`, msw 3 an event with `request`: both have it.
 */
export function recordUnhandled(server: { events: unknown }, into: string[]): void {
  (server.events as UnhandledEvents).on('request:unhandled', ({ request }) => {
    into.push(`${request.method} ${request.url}`);
  });
}
