/**
 * The Videos, Webhooks and Faults panels: the clock and the videos (`GET /__mock/videos`), webhook
 * targets, deliveries and given-up events with a redeliver button, fault rules with a remove
 * button; read every two seconds and after each action. A table is redrawn only when its data
 * changed, so a focused button stays focused.
 */
import { act } from './actions.js';
import { admin } from './admin.js';
import { buttonCell, byId, cell, repeat } from './dom.js';
import { play } from './player.js';
import type { StateViews } from './types.js';

/** The data each table was last drawn from, as JSON. */
const drawn = new Map<string, string>();

/** Redraws table body `id` from `data` (one row per item) when the data changed. */
function draw<T>(id: string, data: readonly T[], toRow: (item: T, index: number) => HTMLTableCellElement[]) {
  const text = JSON.stringify(data);
  if (drawn.get(id) === text) return;
  drawn.set(id, text);
  byId(id).replaceChildren(
    ...data.map((item, index) => {
      const tr = document.createElement('tr');
      tr.append(...toRow(item, index));
      return tr;
    }),
  );
}

/** Reads the state the panels show, one admin call each, at once. */
async function readState(): Promise<StateViews> {
  const [videos, clock, targets, deliveries, givenUp, faults] = await Promise.all([
    admin<StateViews['videos']>('videos'),
    admin<StateViews['clock']>('clock'),
    admin<StateViews['targets']>('webhooks'),
    admin<StateViews['deliveries']>('webhooks/deliveries'),
    admin<StateViews['givenUp']>('webhooks/given-up'),
    admin<StateViews['faults']>('faults'),
  ]);
  return { videos, clock, targets, deliveries, givenUp, faults };
}

/** Reads the mock's state and redraws what changed. */
export async function showState(): Promise<void> {
  const { videos, clock, targets, deliveries, givenUp, faults } = await readState();
  byId('clock-now').textContent = `${clock.iso}${clock.realTime ? ' (real time)' : ' (moves when advanced)'}`;
  draw('video-rows', videos.videos, (item) => [
    cell(item.key),
    cell(item.video.title ?? ''),
    cell(item.phase, 'phase'),
    cell(JSON.stringify(item.video), 'readings'),
    item.phase === 'ready' ? buttonCell(`Play ${item.key}`, () => void play(item.key)) : cell(''),
  ]);
  draw('target-rows', targets.targets, (target) => [
    cell(target.id),
    cell(target.url),
    buttonCell(`Remove ${target.id}`, () =>
      act(`webhooks/${encodeURIComponent(target.id)}`, 'DELETE', undefined, 'Target removed.'),
    ),
  ]);
  draw('delivery-rows', deliveries.deliveries.slice(-50).reverse(), (d) => [
    cell(d.at),
    cell(d.event),
    cell(d.videoKey),
    cell(d.targetId),
    cell(String(d.attempt)),
    cell(d.status !== undefined ? String(d.status) : (d.error ?? '')),
  ]);
  draw('given-up-rows', givenUp.givenUp, (g) => [
    cell(g.eventId),
    cell(g.event),
    cell(g.videoKey),
    cell(g.targetId),
    cell(String(g.attempts)),
    buttonCell(`Redeliver ${g.eventId}`, () => {
      const query = new URLSearchParams({ eventId: g.eventId, targetId: g.targetId });
      return act(`webhooks/given-up/redeliver?${query}`, 'POST', undefined, `Redelivering ${g.eventId}.`);
    }),
  ]);
  const { rules } = faults;
  draw('fault-rows', rules, (rule, index) => [
    cell(JSON.stringify(rule), 'readings'),
    buttonCell(`Remove rule ${index + 1}`, () =>
      act(
        'faults',
        'PUT',
        rules.filter((_, i) => i !== index),
        'Fault rule removed.',
      ),
    ),
  ]);
}

/** Shows the state now and every two seconds. */
export const pollState = (): (() => void) => repeat(showState, 2000);
