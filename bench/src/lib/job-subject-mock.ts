/**
 * The first subject of pg-job-libraries: the mock's own job table, driven
 * through the real `postgresWebhookJobs` (the package does not export it: it is imported from the
 * mock's source) the way its shared dispatcher drives it: one enqueue statement per event (a row
 * per target), claims of the first pending delivery of each target under a lease, and a settle
 * that takes the target's next delivery in the same statement. The dispatcher's signing and
 * address checks are left out: every subject delivers with the same `deliver`.
 */

import { openDatabase } from '../../../apps/mock-server/src/node/postgres/database.js';
import { postgresWebhookJobs } from '../../../apps/mock-server/src/node/postgres/postgres-webhooks.js';
import { createLog } from '../../../apps/mock-server/src/shared/log.js';
import type { ClaimedDelivery } from '../../../apps/mock-server/src/webhooks/job-queue.js';
import type { DeliveryRecord, EventJob } from '../../../apps/mock-server/src/webhooks/types.js';
import { deliver } from './job-receiver.js';
import { type JobSubject, POOL } from './job-subject.js';

const LEASE_MS = 30_000;

export const mockTable: JobSubject = {
  name: 'mock job table',
  schema: { name: 'public', tables: 'mock_webhook%' },
  async start(databaseUrl, receiverUrl, targets, consumers) {
    const database = openDatabase({
      url: databaseUrl,
      poolSize: POOL,
      statementTimeoutMs: 5000,
      connectTimeoutMs: 5000,
      log: createLog('silent', () => {}),
    });
    await database.ready;
    const jobs = postgresWebhookJobs(database, '');
    for (let t = 0; t < targets; t++)
      await jobs.addTarget({ id: `t${t}`, url: `${receiverUrl}/t${t}`, secret: 's', fromOptions: false });
    let inFlight = 0;
    let pumping: Promise<void> | undefined;
    let again = false;
    let closed = false;
    const work = new Set<Promise<void>>();
    /** One slot: a delivery, then the target's next one the settle took, until there is none. */
    const attempt = async (first: ClaimedDelivery) => {
      for (let claimed: ClaimedDelivery | undefined = first; claimed; ) {
        await deliver(claimed.url, claimed.job.body);
        const record: Omit<DeliveryRecord, 'id'> = {
          eventId: claimed.job.eventId,
          event: claimed.job.event,
          videoKey: claimed.job.videoKey,
          targetId: claimed.targetId,
          url: claimed.url,
          attempt: 1,
          copy: 0,
          at: new Date().toISOString(),
          status: 204,
          ok: true,
        };
        const next = closed ? undefined : { now: Date.now(), leaseMs: LEASE_MS };
        claimed = (await jobs.settle(claimed.key, { kind: 'delivered' }, record, 1000, next)).next;
      }
    };
    const pump = (): Promise<void> => {
      if (pumping) {
        again = true;
        return pumping;
      }
      pumping = (async () => {
        do {
          again = false;
          if (closed || inFlight >= consumers) break;
          const claimed = await jobs.claim(Date.now(), consumers - inFlight, LEASE_MS);
          for (const delivery of claimed) {
            inFlight++;
            const done = attempt(delivery).finally(() => {
              inFlight--;
              work.delete(done);
              void pump();
            });
            work.add(done);
          }
          if (claimed.length > 0) again = true;
        } while (again);
      })().finally(() => {
        pumping = undefined;
      });
      return pumping;
    };
    const stopWatching = jobs.watch(() => void pump());
    const poll = setInterval(() => void pump(), 1000);
    return {
      async enqueue(payload) {
        const job = {
          eventId: `evt_${payload.seq}`,
          event: 'video.ready',
          videoKey: `v${payload.seq}`,
          body: JSON.stringify(payload),
          readings: '',
        } as EventJob; // signing, method, security: read by the dispatcher's attempt only
        await jobs.enqueue([job], [1], Date.now());
        void pump(); // the dispatcher's own `queued` hook; the others hear the notice
      },
      async stop() {
        closed = true;
        clearInterval(poll);
        stopWatching();
        await pumping;
        await Promise.allSettled([...work]);
        await jobs.releaseAll();
        await jobs.close();
      },
    };
  },
};
