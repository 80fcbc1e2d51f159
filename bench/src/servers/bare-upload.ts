/**
 * The upload limit of this machine: a bare node:http server that pipes the raw request body (the
 * whole multipart body, unparsed) to a file and answers 200 with the byte count. Nothing a real
 * upload handler does can be faster. Run as its own process; prints `listening on <url>`.
 * The folder to write to is argv[2]; files are kept there, as the mock keeps its uploads.
 */
import { createWriteStream, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { listenHttp } from '@video-api/test-support';

const folder = process.argv[2] ?? '.';
let counter = 0;

const server = await listenHttp((request, response) => {
  const file = join(folder, `bare-upload-${++counter}.bin`);
  const out = createWriteStream(file);
  pipeline(request, out).then(
    () => {
      // The file is kept, as the mock keeps its uploads (the folder is removed after the benchmark).
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ bytes: out.bytesWritten }));
    },
    (error: Error) => {
      rmSync(file, { force: true });
      response
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: error.message }));
    },
  );
});
process.stdout.write(`listening on ${server.url}\n`);
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
