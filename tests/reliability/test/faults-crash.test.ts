import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileForm, JSON_AUTH, paths, TOKEN } from '../src/support/http.js';
import { type MockProcess, startMockProcess } from '../src/support/mock-process.js';
import { uploadedFile } from '../src/support/stored-sources.js';

// With --data-dir, a mock killed with SIGKILL in the middle of a write load restarts with every
// write it acknowledged: created videos, custom fields and uploaded files. Each worker writes to
// its own videos one request at a time, so every acknowledged write has one expected value.
const dataDir = mkdtempSync(join(tmpdir(), 'reliability-crash-'));
const processes: MockProcess[] = [];
afterAll(async () => {
  for (const mock of processes) await mock.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Acked {
  title: string;
  fields: Record<string, number>;
  file?: string;
}

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** Counts acknowledged writes and resolves `reached` once there are `target` of them. */
function ackCounter(target: number) {
  let count = 0;
  let release: () => void = () => {};
  const reached = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    reached,
    ack: () => {
      count += 1;
      if (count === target) release();
    },
  };
}

async function worker(
  base: string,
  id: number,
  acked: Map<string, Acked>,
  running: () => boolean,
  ack: () => void,
) {
  for (let round = 0; running(); round++) {
    const title = `w${id}-r${round}`;
    const created = await fetch(`${base}${paths.create}`, {
      method: 'POST',
      headers: JSON_AUTH,
      body: JSON.stringify({ projectKey: 'crash', videos: [{ title }] }),
    });
    const [video] = (await created.json()) as { key: string }[];
    if (!created.ok || !video) throw new Error(`create failed: ${created.status}`);
    const record: Acked = { title, fields: {} };
    acked.set(video.key, record);
    ack();
    for (let n = 0; n < 3 && running(); n++) {
      const put = await fetch(`${base}${paths.fields(video.key)}`, {
        method: 'PUT',
        headers: JSON_AUTH,
        body: JSON.stringify({ simpleCustomFields: { [`n${n}`]: round * 10 + n } }),
      });
      await put.text();
      if (put.ok) {
        record.fields[`n${n}`] = round * 10 + n;
        ack();
      }
    }
    if (round % 3 === 0 && running()) {
      const content = `file of ${title} `.repeat(200);
      const upload = await fetch(`${base}${paths.upload(video.key)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}` },
        body: fileForm(content),
      });
      await upload.text();
      if (upload.ok) {
        record.file = content;
        ack();
      }
    }
  }
}

describe('a mock with a data dir killed with SIGKILL under write load', () => {
  it('restarts with every acknowledged create, field write and upload', async () => {
    const first = await startMockProcess(['--data-dir', dataDir]);
    processes.push(first);
    const acked = new Map<string, Acked>();
    let running = true;
    const counter = ackCounter(300);
    const workers = Array.from({ length: 6 }, (_, id) =>
      worker(first.url, id, acked, () => running, counter.ack).catch(() => undefined),
    );
    // Kill once enough writes are acknowledged, with requests still in flight.
    await counter.reached;
    await first.kill();
    running = false;
    await Promise.all(workers);
    expect(await first.exited).toBe('SIGKILL');

    const second = await startMockProcess(['--data-dir', dataDir]);
    processes.push(second);
    const missing: string[] = [];
    for (const [key, want] of acked) {
      const response = await fetch(`${second.url}${paths.get(key)}`, { headers: JSON_AUTH });
      const video = (await response.json()) as {
        title?: string;
        simpleCustomFields?: Record<string, unknown>;
      };
      if (response.status !== 200 || video.title !== want.title) missing.push(`${key}: ${response.status}`);
      for (const [name, value] of Object.entries(want.fields)) {
        if (video.simpleCustomFields?.[name] !== value) missing.push(`${key}.${name}`);
      }
      if (want.file !== undefined) {
        const stored = readFileSync(uploadedFile(dataDir, key));
        if (sha(stored) !== sha(want.file)) missing.push(`${key} file`);
      }
    }
    expect(missing).toEqual([]);
    expect(acked.size).toBeGreaterThan(50);
    // New writes after the restart get keys no acknowledged video had.
    const created = await fetch(`${second.url}${paths.create}`, {
      method: 'POST',
      headers: JSON_AUTH,
      body: JSON.stringify({ projectKey: 'crash', videos: [{ title: 'after' }] }),
    });
    const [fresh] = (await created.json()) as { key: string }[];
    expect(acked.has(fresh?.key ?? '')).toBe(false);
    await second.stop();
  }, 90_000);
});
