#!/usr/bin/env node
// Peak RSS of a process uploading a 1 GiB file from its path with @video-api/client/node, against
// the same process that loads the client and uploads nothing (baseline), side by side, 3 runs each.
// The server is a bare node:http sink in this process that reads and discards the body, so only
// the client's memory is measured. Needs `pnpm build` first. Writes bench/results.md.
//   node bench/upload-rss.mjs [sizeMiB=1024] [runs=3]
import { execFile } from 'node:child_process';
import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const sizeMiB = Number(process.argv[2] ?? 1024);
const runs = Number(process.argv[3] ?? 3);
const here = fileURLToPath(new URL('.', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'client-bench-'));
const file = join(folder, 'big.mp4');

// A file of real bytes (not sparse), written in 8 MiB blocks.
const fd = openSync(file, 'w');
const block = Buffer.alloc(8 * 1024 * 1024, 0x5a);
for (let written = 0; written < sizeMiB * 1024 * 1024; written += block.length) writeSync(fd, block);
ftruncateSync(fd, sizeMiB * 1024 * 1024);
closeSync(fd);

let received = 0;
const server = createServer((request, response) => {
  request.on('data', (chunk) => {
    received += chunk.length;
  });
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"videoKey":"v-bench","simpleCustomFields":{}}');
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}`;

const child = (withFile) =>
  new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(here, 'upload-child.mjs'), url, ...(withFile ? [file] : [])],
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout))),
    );
  });

const upload = [];
const baseline = [];
for (let run = 0; run < runs; run++) {
  baseline.push(await child(false));
  received = 0;
  upload.push({ ...(await child(true)), received });
}
server.close();
rmSync(folder, { recursive: true, force: true });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const peak = median(upload.map((r) => r.peakRssMiB));
const base = median(baseline.map((r) => r.peakRssMiB));
const mibPerSecond = median(upload.map((r) => (sizeMiB * 1000) / r.ms));
const lines = [
  '# Client upload memory',
  '',
  `- Date: ${new Date().toISOString()}`,
  `- Node ${process.version}, ${cpus().length} cores; ${runs} runs each, interleaved; medians.`,
  `- Subject: a Node process uploading a ${sizeMiB} MiB file from its path with \`@video-api/client/node\``,
  '  (`uploadSource(key, path, { onProgress })`, node:http transport) to a sink server that discards the body.',
  '- Baseline: the same process loading the client and uploading nothing.',
  '',
  '| figure | subject | baseline | target |',
  '|---|---|---|---|',
  `| peak RSS of the uploading process | ${peak.toFixed(1)} MiB | ${base.toFixed(1)} MiB | under 150 MiB: ${peak < 150 ? 'met' : 'MISSED'} |`,
  `| throughput | ${mibPerSecond.toFixed(0)} MiB/s | — | — |`,
  `| progress events per upload (last loaded = total) | ${median(upload.map((r) => r.events))} (${upload.every((r) => r.lastLoaded === sizeMiB * 1024 * 1024) ? 'yes' : 'NO'}) | — | — |`,
  `| body bytes the sink received (file + multipart framing) | ${median(upload.map((r) => r.received))} | — | — |`,
  '',
  `Runs (peak RSS MiB): subject ${upload.map((r) => r.peakRssMiB.toFixed(1)).join(' / ')}; baseline ${baseline.map((r) => r.peakRssMiB.toFixed(1)).join(' / ')}.`,
  '',
  'Run it again with `pnpm --filter @video-api/client build && node packages/client/bench/upload-rss.mjs`.',
  '',
];
writeFileSync(join(here, 'results.md'), lines.join('\n'));
process.stdout.write(lines.join('\n'));
