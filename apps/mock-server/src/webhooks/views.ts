/** What `pending()` and `givenUp()` show of a kept delivery: times on the virtual clock, as ISO 8601. */
import type { StoredDelivery } from './ledger.js';
import type { GivenUpDelivery, PendingDelivery, RedeliverFilter } from './types.js';

const iso = (ms: number) => new Date(ms).toISOString();

function common(delivery: StoredDelivery, url: string) {
  return {
    eventId: delivery.job.eventId,
    event: delivery.job.event,
    videoKey: delivery.job.videoKey,
    targetId: delivery.targetId,
    url,
    copy: delivery.copy,
    attempts: delivery.attempts,
    ...(delivery.firstAt !== undefined && { firstAttemptAt: iso(delivery.firstAt) }),
  };
}

/** A pending delivery as `pending()` lists it. */
export function pendingView(delivery: StoredDelivery, url: string, inFlight: boolean): PendingDelivery {
  return { ...common(delivery, url), nextAttemptAt: iso(delivery.dueAt), inFlight };
}

/** A given-up delivery as `givenUp()` and the admin API list it. */
export function givenUpView(delivery: StoredDelivery, url: string): GivenUpDelivery {
  return {
    ...common(delivery, url),
    givenUpAt: iso(delivery.givenUpAt ?? delivery.dueAt),
    ...(delivery.lastStatus !== undefined && { lastStatus: delivery.lastStatus }),
    ...(delivery.lastError !== undefined && { lastError: delivery.lastError }),
  };
}

/** Whether a delivery matches a filter (an absent member matches everything). */
export function matches(delivery: StoredDelivery, filter: RedeliverFilter): boolean {
  return (
    (filter.eventId === undefined || delivery.job.eventId === filter.eventId) &&
    (filter.targetId === undefined || delivery.targetId === filter.targetId)
  );
}
