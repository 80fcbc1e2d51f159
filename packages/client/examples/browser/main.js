// The three-step upload from a browser page (§1): create, upload with progress, wait until ready.
// In browsers the client sends uploads with XMLHttpRequest, whose upload.onprogress reports bytes
// as they are sent (fetch cannot stream a request body over HTTP/1.1).
import { createVideoApiClient } from '@video-api/client';

/**
 * Uploads one file and waits for it. Returns the ready video and every progress event seen.
 * @param {{ baseUrl: string, token: string, projectKey: string, file: File, intervalMs?: number,
 *   signal?: AbortSignal, onProgress?: (event: { loaded: number, total: number }) => void }} input
 */
export async function uploadAndWait({
  baseUrl,
  token,
  projectKey,
  file,
  intervalMs = 500,
  signal,
  onProgress,
}) {
  const client = createVideoApiClient({ baseUrl, token });
  const progress = [];
  const [created] = await client.createVideos({ projectKey, videos: [{ title: file.name }] });
  await client.uploadSource(created.key, file, {
    signal,
    onProgress: (event) => {
      progress.push(event);
      onProgress?.(event);
    },
  });
  const video = await client.waitForReady(created.key, { intervalMs, signal });
  return { video, progress };
}

globalThis.uploadAndWait = uploadAndWait;

const button = document.querySelector('#upload');
button?.addEventListener('click', async () => {
  const log = document.querySelector('#log');
  const bar = document.querySelector('#progress');
  const file = document.querySelector('#file').files[0];
  if (!file) {
    log.textContent = 'Choose a file first.';
    return;
  }
  const client = createVideoApiClient({
    baseUrl: document.querySelector('#base-url').value,
    token: document.querySelector('#token').value,
  });
  try {
    log.textContent = 'Creating…\n';
    const [created] = await client.createVideos({
      projectKey: document.querySelector('#project').value,
      videos: [{ title: file.name }],
    });
    log.textContent += `Uploading to ${created.key}…\n`;
    await client.uploadSource(created.key, file, {
      onProgress: ({ loaded, total }) => {
        bar.value = total === 0 ? 1 : loaded / total;
      },
    });
    log.textContent += 'Processing…\n';
    const video = await client.waitForReady(created.key, {
      onPoll: ({ readiness }) => (log.textContent += `  ${readiness}\n`),
    });
    log.textContent += `Ready: ${video.primaryPlaybackUrl?.hls?.url ?? video.videoKey}\n`;
  } catch (error) {
    log.textContent += `Failed: ${error.message}\n`;
  }
});
