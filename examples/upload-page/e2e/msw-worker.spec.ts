/**
 * The page under `vite --mode msw`: no server behind it, the whole mock runs in the page through
 * msw's service worker. The clip uploads with progress, becomes ready, and the mock's placeholder
 * plays in hls.js.
 */
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { MSW_PAGE_URL } from './servers';

const CLIP = fileURLToPath(new URL('fixtures/clip.mp4', import.meta.url));

test('uploads and plays with the mock inside the page (msw worker)', async ({ page }) => {
  await page.goto(MSW_PAGE_URL);
  await page.getByLabel('Video file').setInputFiles(CLIP);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('status', { name: 'Upload status' })).toHaveText('Ready', { timeout: 60_000 });
  const size = String(statSync(CLIP).size);
  await expect(page.getByLabel('Upload progress')).toHaveAttribute('value', size);
  const playlist = await page.getByRole('link', { name: 'Playlist' }).getAttribute('href');
  expect(playlist).toMatch(new RegExp(`^${MSW_PAGE_URL}/video-api/hls/v-\\d+/playlist\\.m3u8$`));
  const video = page.getByLabel('Video', { exact: true });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.5);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
