/**
 * The contracts of the two modules written beside this one: `src/webhooks` (deliveries) and
 * `src/faults` (injected latency, errors, resets, slow upload reads). createApp codes against
 * these shapes.
 */
import type { Readable } from 'node:stream';
import type { Hono, MiddlewareHandler } from 'hono';
import type { VideoEvent } from './events.js';

export interface WebhookTarget {
  url: string;
  secret?: string;
}

export interface WebhookDispatcher {
  register(target: WebhookTarget): { id: string };
  unregister(id: string): unknown;
  list(): unknown[];
  dispatch(event: VideoEvent): void;
  deliveries(): unknown[];
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface Faults {
  set(rules: unknown[]): void;
  add(rule: unknown): void;
  clear(): void;
  list(): unknown[];
  middleware: MiddlewareHandler;
  uploadReadRate(operationId: string): number | undefined;
}

export interface SeamModules {
  createWebhookDispatcher(options: {
    readings: () => Record<string, string>;
    log?: (entry: object) => void;
    seed?: number;
  }): WebhookDispatcher;
  webhookAdminRoutes(dispatcher: WebhookDispatcher): Hono;
  createFaults(options: { seed?: number }): Faults;
  faultAdminRoutes(faults: Faults): Hono;
  throttle(source: Readable, bytesPerSecond: number): Readable;
}
