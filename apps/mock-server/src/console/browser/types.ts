/**
 * What the console's script reads from the admin API (`/__mock/…`), as types: the journal's and the
 * webhooks' from the modules that make them (type imports only, nothing of the server is bundled),
 * the few small answers written here as the admin API's OpenAPI document (`__mock/openapi.json`)
 * gives them.
 */
import type { FaultRule } from '../../faults/types.js';
import type { JournalEntry, JournalExchange } from '../../state/types.js';
import type { DeliveryRecord, GivenUpDelivery, WebhookTarget } from '../../webhooks/types.js';

export type { JournalBody, JournalEntry, JournalMessage } from '../../state/types.js';

/** `GET /__mock/readings`: the reading each unknown plays now, server-wide. */
export interface ReadingsView {
  readings: Record<string, string>;
}

/** `GET /__mock/videos`: the stored videos, each as `GET` of the API answers it. */
interface VideosView {
  videos: { key: string; phase: string; video: { title?: string } & Record<string, unknown> }[];
}

/** `GET /__mock/clock`. */
interface ClockView {
  iso: string;
  realTime: boolean;
}

/** What the state panels show, one admin call each. */
export interface StateViews {
  videos: VideosView;
  clock: ClockView;
  targets: { targets: WebhookTarget[] };
  deliveries: { deliveries: DeliveryRecord[] };
  givenUp: { givenUp: GivenUpDelivery[] };
  faults: { rules: FaultRule[] };
}

/** `GET /__mock/journal`. */
export interface JournalView {
  entries: JournalEntry[];
}

/** `GET /__mock/journal/entries/{seq}`. */
export type ExchangeView = JournalExchange;

/** A contract report (`report.json` of `video-api-contract`), as far as the console reads it. */
export interface ReportView {
  observations: { id: string; verdict: string; reading?: string }[];
}
