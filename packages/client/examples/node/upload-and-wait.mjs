#!/usr/bin/env node
// Uploads a file from disk and waits until the video is ready.
//   node examples/node/upload-and-wait.mjs clip.mp4
// Uses VIDEO_API_BASE_URL (default http://localhost:4010, the mock of `pnpm start`) and
// VIDEO_API_TOKEN (default mock-token). The file is streamed: memory stays flat for any size.
import { NotFoundError } from '@video-api/client';
import { createVideoApiClient } from '@video-api/client/node';

const path = process.argv[2];
if (!path) {
  console.error('usage: node examples/node/upload-and-wait.mjs <file>');
  process.exit(2);
}

const client = createVideoApiClient({
  baseUrl: process.env.VIDEO_API_BASE_URL ?? 'http://localhost:4010',
  token: process.env.VIDEO_API_TOKEN ?? 'mock-token',
});

const [created] = await client.createVideos({ projectKey: 'demo', videos: [{ title: path }] });
console.log(`created ${created.key}`);
let shown = -1;
await client.uploadSource(created.key, path, {
  onProgress: ({ loaded, total }) => {
    const percent = total === 0 ? 100 : Math.floor((loaded / total) * 100);
    if (percent < shown + 10 && loaded !== total) return;
    console.log(`uploaded ${percent}%`);
    shown = percent;
  },
});
try {
  const video = await client.waitForReady(created.key, { intervalMs: 500 });
  console.log(`ready: ${video.primaryPlaybackUrl?.hls?.url ?? video.videoKey}`);
} catch (error) {
  console.error(error instanceof NotFoundError ? `video ${created.key} is gone` : error.message);
  process.exitCode = 1;
}
