/**
 * An action of the console's forms and buttons: one admin call, its outcome in the status line,
 * then every view that shows the mock's state redrawn (they register with `afterEachAction`, so
 * the panels and this module do not import each other).
 */
import { adminSend } from './admin.js';
import { say, sayError } from './dom.js';

const redraws: (() => Promise<void>)[] = [];

/** Calls `redraw` after each successful action. */
export function afterEachAction(redraw: () => Promise<void>): void {
  redraws.push(redraw);
}

/** Sends `body` to `__mock/<path>` with `method`; says `done`, or what went wrong. */
export async function act(path: string, method: string, body: unknown, done: string): Promise<void> {
  try {
    await adminSend(path, method, body);
    say(done);
    await Promise.all(redraws.map((redraw) => redraw()));
  } catch (error) {
    sayError(error);
  }
}
