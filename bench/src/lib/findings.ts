/**
 * Why targets are missed: findings from profiling (`node --cpu-prof`, summarised with
 * scripts/profile-summary.ts) and from side-by-side experiments on this machine. A benchmark adds
 * its findings to the results when one of its targets is missed. They name the hot functions of
 * the mock and the client so their owners can act; the bench does not change their code.
 */

export const FINDINGS: Record<string, string[]> = {
  throughput: [
    'Ceiling: on this machine the bare Hono app itself answers GET at about 6.9x Prism (14 877 against 2 155 req/s in the run of 2026-11-22 02:07), so no server on this framework can reach 12x Prism here; the 12x target is above the framework limit.',
    "Fixed after the first profile (commit 13de150): cors only for requests with Origin, JSON bodies read whole when Content-Length bounds them, a ring-buffer journal, no log entry when silent, no new URL per request, no structuredClone per record. GET went from 0.09x to 0.63x the bare app, PUT from 0.08x to 0.65x. What is left is spread across the mock's own per-request work (about 17% of CPU in profiles: readings, validation, the journal, JSON); the largest single item, writev, is the socket write the bare app pays too.",
    'The first profile, before those fixes:',
    'Why (profile of the mock under GET load, 50 connections): hono/cors runs on every request and sets its headers through `c.res.headers` before `next()`, which creates `c.res` early; when the handler returns, Hono\'s `set res` merges headers with `createResponseInstance(_res.body, _res)`, which turns @hono/node-server\'s lightweight Response into a full undici Response with a ReadableStream body, and node-server then writes it through its stream path (`readWithoutBlocking`, several `writev` calls) instead of one `end(body)`. In the profile `writev` is 27% of self time and web-stream set-up (`makeTransferable`, `ReadableStream`) about 3-5%. Side-by-side on this machine, the same bare Hono GET app: 472 req/s plain, 115-185 req/s with `cors({ origin: "*" })` on every request, 388-391 req/s with the cors middleware applied only when the request has an `Origin` header. Measured on the mock itself (a scratch copy outside the repository, each variant through its CLI, autocannon 50 connections 8 s, alternated twice): as committed GET 4,020 / 4,332 req/s; with `cors()` run only for requests that carry an `Origin` header GET 7,011 / 6,856 req/s (1.6x). Fix for the mock (apps/mock-server/src/app.ts): `app.use("*", (c, next) => (c.req.header("origin") === undefined ? next() : corsMiddleware(c, next)))` (browsers always send Origin on cross-origin requests, so CORS behaviour is unchanged for them).',
    "PUT custom fields also pays for the request body: apps/mock-server/src/json-body.ts iterates `c.req.raw.body`, which makes @hono/node-server build a full Request and a web ReadableStream from the IncomingMessage (`newRequestFromIncoming`, `Readable.toWeb`: 6.2% of the GET+PUT profile). `await c.req.raw.arrayBuffer()` (or `text()`) takes node-server's direct-read fast path; the size bound can be checked on Content-Length first and on the buffer after.",
    'Journal (apps/mock-server/src/journal.ts): once 10 000 entries are kept, `record` runs `splice(0, n)` on every request, moving 10 000 references each time: 2.7% self time under HTTP load and 10.7% in-process; a ring buffer makes it O(1). Smaller items: `structuredClone` in the memory store on every get and put (2-4% self), `clock.iso()` and `new Date().toISOString()` per request for the journal (1-3%).',
  ],
  upload: [
    "Profile of the mock receiving 200 MiB uploads from curl: 35% idle, file writes (`writeBuffer`) 12% self and busboy's boundary search (streamsearch `feed`/`push`) about 3.5% self: the mock is not CPU-bound on uploads; the gap to the bare pipe is the multipart parsing and the extra stream hop (busboy file stream → fs.WriteStream) under a machine shared with other work. Peak RSS stays flat because the body is streamed.",
  ],
  'client-overhead': [
    "Profile of 30 000 GETs through the client in-process: the client's own work is openapi-fetch (`coreFetch` ~12% inclusive, building a Request that the auth middleware then copies headers into), one `AbortSignal` per attempt for the per-attempt timeout (`createAbortSignal` 3.4% self) and the response shape check; on a quiet machine the ratio was 1.06 (160 µs against 151 µs per call). Under heavy load from other processes the ratio grows, because the client allocates more per call and garbage collection takes a larger share.",
  ],
  scale: [
    'Fixed (commit bd359c1): an index on seq and keys for a batch in one transaction; seeding 100 000 videos with a data dir went from more than 180 s to 1.6 s. Before:',
    'Seeding with a data dir is quadratic: apps/mock-server/src/store/sqlite-store.ts inserts with `(SELECT COALESCE(MAX(seq), 0) + 1 FROM videos)`, and `seq` has no index, so each insert scans the table (10 000 videos: about 5 s; 100 000 did not finish within minutes). Seeding without keys is slower still: `nextKey` is its own transaction per video under `synchronous = FULL`, so one fsync per video. Fix: an index on `seq` (or use the rowid), and generate keys for a batch in one transaction. GET latency itself stays flat because reads are by primary key.',
  ],
};
