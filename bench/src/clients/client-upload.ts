/**
 * Child process of the upload benchmark: uploads one file with `@video-api/client/node` (a file
 * path, streamed) and prints `{ ms, status, peakRssMiB }` as JSON. The time covers the upload call
 * only, not the start of the process. Arguments: baseUrl token videoKey file.
 */
import { createVideoApiClient } from '@video-api/client/node';

const [baseUrl, token, videoKey, file] = process.argv.slice(2);
if (!baseUrl || !token || !videoKey || !file) {
  process.stderr.write('usage: client-upload BASE_URL TOKEN VIDEO_KEY FILE\n');
  process.exit(2);
}
const client = createVideoApiClient({ baseUrl, token, retry: false });
const started = performance.now();
const result = await client.uploadSource(videoKey, file, { contentType: 'video/mp4' });
const ms = performance.now() - started;
// maxRSS is the process's peak resident set in KiB (getrusage).
const peakRssMiB = process.resourceUsage().maxRSS / 1024;
process.stdout.write(`${JSON.stringify({ ms, status: result.status, peakRssMiB })}\n`);
