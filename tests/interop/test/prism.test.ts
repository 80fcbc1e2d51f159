/**
 * Prism mocks the resolved documents without a 500: every documented error status of every operation
 * comes back when asked for with `Prefer: code=…`, and a valid request gets the documented success.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationsOf } from '../src/operations.js';
import { startPrism } from '../src/prism.js';
import { describeProbe, probe } from '../src/probes.js';
import { READING_SETS, type Resolved, resolveDocument } from '../src/resolved.js';
import { type Scratch, scratch } from '../src/scratch.js';
import type { ServerProcess } from '../src/server-process.js';

let work: Scratch;
const resolved = new Map<string, Resolved>();
const prisms = new Map<string, ServerProcess>();

beforeAll(async () => {
  work = scratch();
  for (const set of READING_SETS) resolved.set(set.name, await resolveDocument(set, work.dir));
  await Promise.all(
    READING_SETS.map(async ({ name }) => prisms.set(name, await startPrism(resolved.get(name)?.file ?? ''))),
  );
});

afterAll(async () => {
  await Promise.all([...prisms.values()].map((prism) => prism.stop()));
  work?.remove();
});

describe.each(READING_SETS)('Prism 5.16 mocking the document of the $name readings', ({ name }) => {
  let probes: ReturnType<typeof probe> | undefined;
  /** The probes of this document, sent once for both tests. */
  const run = () => {
    const { document } = resolved.get(name) as Resolved;
    probes ??= probe(document, operationsOf(document), (prisms.get(name) as ServerProcess).url, work.clip);
    return probes;
  };

  it('answers every documented error status of every operation when asked with Prefer: code=…', async () => {
    const probes = (await run()).filter((p) => p.preferred);
    const wrong = probes.filter((p) => p.status !== p.expected || p.status === 500);
    console.log(`prism (${name} readings): ${probes.length} error statuses checked, ${wrong.length} wrong`);
    expect(probes.length, 'no error status documented at all').toBeGreaterThan(0);
    expect(wrong.map(describeProbe), 'answers other than the status asked for').toEqual([]);
  });

  it('answers a valid request with the documented success status and a JSON body', async () => {
    const probes = (await run()).filter((p) => !p.preferred);
    const wrong = probes.filter((p) => {
      if (p.status !== p.expected || !p.contentType.startsWith('application/json')) return true;
      try {
        JSON.parse(p.body);
        return false;
      } catch {
        return true;
      }
    });
    console.log(
      `prism (${name} readings): ${probes.length} success paths checked (${probes.map((p) => `${p.operation.id} ${p.status}`).join(', ')})`,
    );
    expect(wrong.map(describeProbe), 'success paths not answered as documented').toEqual([]);
  });

  it('stops with its whole process group', async () => {
    const prism = prisms.get(name) as ServerProcess;
    await prism.stop();
    expect(prism.alive(), `Prism (${name}) left a process in its group`).toBe(false);
  });
});
