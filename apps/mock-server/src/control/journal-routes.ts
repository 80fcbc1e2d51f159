/**
 * The journal's admin routes, mounted at `/__mock/journal`: the entries (filtered), the live stream
 * of them (Server-Sent Events, ./journal-stream.ts) and one entry with its request and response
 * (./journal-exchange.ts). Admin requests are never journalled, so none of these shows itself.
 */
import type { Hono } from 'hono';
import type { MockEnv } from '../http/context.js';
import { HttpError } from '../http/errors.js';
import { requestHeader } from '../http/request-headers.js';
import type { Journal } from '../state/journal.js';
import { adminApp } from './admin-app.js';
import { invalidInput, journalFilter } from './inputs.js';
import { journalExchange } from './journal-exchange.js';
import { journalStream } from './journal-stream.js';
import type { StateControl } from './mock-control.js';

const SEQUENCE = /^\d{1,15}$/;
const SEQ_RULE = 'a sequence number of the journal (an integer ≥ 0, e.g. 12)';

function sequenceOf(text: string | undefined, where: string): number | undefined {
  if (text === undefined || text === '') return undefined;
  if (!SEQUENCE.test(text)) {
    throw invalidInput('The journal stream', SEQ_RULE, [
      { pointer: where, message: `is not a sequence number, got ${JSON.stringify(text)}` },
    ]);
  }
  return Number(text);
}

/**
 * @example
 * admin.route('/journal', journalRoutes(journal, control));
 * // curl -N localhost:4010/__mock/journal/stream?since=0
 */
export function journalRoutes(journal: Journal, control: StateControl): Hono<MockEnv> {
  const routes = adminApp();
  routes.get('/', async (c) => c.json({ entries: await control.journal(journalFilter(c.req.query())) }));
  routes.get('/stream', (c) => {
    const unknown = Object.keys(c.req.query()).filter((name) => name !== 'since');
    if (unknown.length > 0) {
      throw invalidInput(
        'The journal stream query',
        'since (a sequence number); Last-Event-ID takes its place on a reconnect',
        unknown.map((name) => ({ pointer: `?${name}`, message: 'is not a parameter of the stream' })),
      );
    }
    // EventSource sends the id of the last event it saw when it reconnects: resume from there.
    const resume = sequenceOf(requestHeader(c, 'last-event-id'), 'Last-Event-ID');
    const since = resume ?? sequenceOf(c.req.query('since'), '?since') ?? journal.lastSeq;
    return journalStream(journal, since, c.req.raw.signal);
  });
  // Not `/:seq` beside `/stream`: a param beside a static name puts Hono on its TrieRouter for
  // every request of the app (test/http/router.test.ts), about 20% more CPU per GET here.
  routes.get('/entries/:seq', async (c) => {
    const seq = c.req.param('seq');
    const exchange = SEQUENCE.test(seq) ? await journalExchange(journal, Number(seq)) : undefined;
    if (exchange === undefined) {
      throw new HttpError(404, {
        code: 'not-found',
        title: 'Journal entry not found',
        detail: `The journal holds no entry ${JSON.stringify(seq)}: entries are numbered 1, 2, … (${SEQ_RULE}); it keeps the newest 10 000 requests (the newest is ${journal.lastSeq}), and reset empties it.`,
      });
    }
    return c.json(exchange);
  });
  return routes;
}
