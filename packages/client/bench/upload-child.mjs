// Child process of upload-rss.mjs: uploads FILE from its path with @video-api/client/node (built
// dist) and prints { ms, status, peakRssMiB, events, lastLoaded } as JSON. With SIZE 0 it only
// loads the client and reports its peak RSS (the baseline of the same process without an upload).
import { createVideoApiClient } from '../dist/node.js';

const [baseUrl, file] = process.argv.slice(2);
const client = createVideoApiClient({ baseUrl, token: 'bench', retry: false });
const started = performance.now();
let events = 0;
let lastLoaded = -1;
const result = file
  ? await client.uploadSource('v-bench', file, {
      onProgress: ({ loaded }) => {
        events++;
        lastLoaded = loaded;
      },
    })
  : { status: 0 };
const ms = performance.now() - started;
// maxRSS: the process's peak resident set in KiB (getrusage).
const peakRssMiB = process.resourceUsage().maxRSS / 1024;
process.stdout.write(`${JSON.stringify({ ms, status: result.status, peakRssMiB, events, lastLoaded })}\n`);
