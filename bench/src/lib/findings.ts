/**
 * Why targets are missed: findings from profiling (`node --cpu-prof`, summarised with
 * scripts/profile-summary.ts) and from side-by-side experiments on this machine. A benchmark adds
 * its findings to the results when one of its targets is missed. They name the hot functions of
 * the mock and the client so their owners can act, and say what was already fixed.
 */

export const FINDINGS: Record<string, string[]> = {
  throughput: [
    'Ceiling for 12x Prism: on this machine the bare Hono app itself answers GET at about 7 to 11x Prism (runs of 2026-11-22: 14 877 against 2 155 req/s at 02:07, 26 475 against 2 378 at 03:45). No server on this framework reaches 12x Prism here; the mock is at 8 to 10x on GET.',
    'Fixed, in order (each measured before and after): (1) cors only for requests with Origin, JSON bodies read whole, a ring-buffer journal, no log entry when silent, no URL parse per request: GET 0.09x -> 0.63x the bare app. (2) One request pipeline instead of five middleware layers; request headers read from the message Node parsed instead of a WHATWG Headers per request; responses built with X-Mock-Readings in a plain header object (adding it afterwards made @hono/node-server convert a Headers back per response). (3) Frozen records shared by the memory store instead of three copies per PUT; no closures per representation. (4) The journal stores columns (typed arrays, readings in their header form, repeated strings kept once) instead of an object per request, which had kept 10 000 live objects for the garbage collector to trace. (5) The pipeline wraps each route instead of running as middleware: Hono then calls a route with no middleware directly and @hono/node-server writes an answer that is ready at once without a promise chain. GET went to 0.75-0.87x the bare app (server CPU per request 1.16-1.31x the bare app).',
    "What is left on PUT (about 1.45x the bare app's CPU per request): the body is validated with the generated zod schema (a failed union branch per non-string value allocates its issue), every reading the request plays is recorded and named in X-Mock-Readings (about 220 characters that Node validates on every response, `checkInvalidHeaderChar`), the answer is the §4.3 representation under three readings (with an ISO time formatted per update), the record is copied and frozen into the store, the record is read again after the body arrived (so a concurrent upload is not undone), and the request is journalled. Each is a feature the bare app does not have; together with the garbage they make, they are the difference. The largest single item in both profiles is `writev`, the socket write both pay.",
  ],
  upload: [
    "The uploads are bound by the disk, not the CPU: the server's CPU time per MiB is 1.1-1.3x the bare pipe's (figures above), and the MiB/s ratios swing between runs of the same code (the 1 GiB curl ratio was 0.94x at 02:07 and 0.68x at 03:45; the 100 MiB one the other way round), as both servers write to the same shared virtual disk and whichever upload meets the kernel's writeback throttling is slowed. Profile of the mock receiving 200 MiB from curl: 35% idle, file writes (`writeBuffer`) 12% self, busboy's boundary search about 3.5% self. Peak RSS stays flat because the body is streamed.",
  ],
  'client-overhead': [
    'Where the time goes (figures above, same run): openapi-fetch alone (`client.raw.GET`) is about 1.2x plain fetch, building a Request and merging headers. Our layer (retry loop, typed errors, shape check, the race against a custom fetch that ignores aborts) brings it to about 1.45x. The per-attempt timeout brings it to about 1.8x: on Node 20 an AbortSignal costs several microseconds to create (`createAbortSignal`, `makeTransferable`), and undici makes every Request that is given a signal follow it (its own AbortController, a WeakRef, a FinalizationRegistry entry, a listener), about 18 µs per call together. The in-process app has become fast (about 50 µs per plain call), so a fixed cost of the client weighs more in the ratio than before (1.06x on a quiet machine when a plain call took 151 µs).',
    'Fixed: no AbortSignal is made for an attempt without a timeout and without a caller signal, and with `timeoutMs: 0` a caller signal is used as it is. Not done: dropping the default 30 s timeout, or handing a custom fetch a Request without the signal; either would make a timed-out or aborted call leave its request running.',
  ],
  scale: [
    "Reads by key are flat in memory; with a data dir the 100 000-video p50 moved between 1.2x and 1.5x the 10-video p50 from run to run (random keys over a 30 MB file with SQLite's default 2 MiB page cache, so reads went to the OS page cache through a read call per page). The store now maps the file (`mmap_size`) and caches 16 MiB of pages.",
    'Fixed earlier (commit bd359c1): an index on seq and keys for a batch in one transaction; seeding 100 000 videos with a data dir went from more than 180 s to 1.6 s.',
  ],
};
