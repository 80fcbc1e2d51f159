/** Processes and folders the lifecycle tests make and look at: dead pids, the mock's temporary folders, an upload. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { TEMP_PREFIX } from '../../src/node/uploads/temp-folder.js';

/** A process id that is certainly not running: one that has just exited. */
export function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

/** The names of the mock's temporary folders under `dir`. */
export function mockFolders(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.startsWith(TEMP_PREFIX));
}

/** Resolves with the milliseconds it took once `done()` holds; rejects after `timeoutMs` with `what`. */
export async function waitFor(what: string, done: () => boolean, timeoutMs = 15_000): Promise<number> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

/** Creates a video on the mock at `url` and uploads a file to it (the temporary folder then exists); returns the status. */
export async function uploadOne(url: string, token: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const created = await fetch(`${url}/api/v1/videos`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ projectKey: 'p', videos: [{ title: 't' }] }),
  });
  const [video] = (await created.json()) as { key: string }[];
  const form = new FormData();
  form.set('file', new Blob(['stand-in bytes']), 'clip.mp4');
  const res = await fetch(`${url}/api/upload/v1/form-data/videos/${video?.key}`, {
    method: 'POST',
    headers,
    body: form,
  });
  return res.status;
}
