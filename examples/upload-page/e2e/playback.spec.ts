/**
 * The page in Chromium against `npx video-api-mock`: upload a real H.264 clip (e2e/fixtures/clip.mp4,
 * 3 s of ffmpeg's test pattern) with a progress bar, wait until ready, and see hls.js play it.
 * Several tests, so every worker plays one; each in its worker's sandbox.
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { auth, expect, test } from './fixtures';

const CLIP = fileURLToPath(new URL('fixtures/clip.mp4', import.meta.url));
/**
 * What the mock plays for the clip: its own renditions where ffmpeg is on the PATH, the placeholder
 * elsewhere (`--transcode auto`); the page plays either, and the API answers the same.
 */
const EXPECTED_RENDITION = spawnSync('ffmpeg', ['-version']).status === 0 ? 'transcoded' : 'placeholder';

/** Uploads the clip through the page and returns the video's key once the page says it is ready. */
async function uploadClip(page: Page): Promise<string> {
  await page.getByLabel('Video file').setInputFiles(CLIP);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('status', { name: 'Upload status' })).toHaveText('Ready', { timeout: 60_000 });
  const progress = page.getByLabel('Upload progress');
  const size = String(statSync(CLIP).size);
  await expect(progress).toHaveAttribute('value', size);
  await expect(progress).toHaveAttribute('max', size);
  return (await page.getByLabel('Video key').textContent()) as string;
}

for (const n of [1, 2, 3, 4, 5]) {
  test(`plays an uploaded clip (${n})`, async ({ page, sandbox, openPage, request }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await openPage();
    const key = await uploadClip(page);
    const playlist = (await page.getByRole('link', { name: 'Playlist' }).getAttribute('href')) as string;
    expect(playlist).toBe(`${sandbox.baseUrl}/hls/${key}/playlist.m3u8`);
    const rendition = (await request.get(playlist)).headers()['x-mock-rendition'];
    expect(rendition, 'renditions of the clip where ffmpeg is, else the placeholder').toBe(
      EXPECTED_RENDITION,
    );

    const video = page.getByLabel('Video', { exact: true });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(0.5);
    expect(await video.evaluate((element: HTMLVideoElement) => element.error?.message ?? null)).toBeNull();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test('edits the five kinds of custom field of the uploaded video', async ({
  page,
  sandbox,
  openPage,
  request,
}) => {
  await openPage();
  const key = await uploadClip(page);
  const fields = page.getByRole('region', { name: 'Custom fields' });
  await fields.getByLabel('Note').fill('Shot on location');
  await fields.getByLabel('Views').fill('42');
  await fields.getByLabel('Featured').check();
  await fields.getByLabel('Published at (UTC)').fill('2026-11-22T08:30');
  await fields.getByLabel('Topics (comma-separated)').fill('news, sport');
  await fields.getByRole('button', { name: 'Save fields' }).click();
  await expect(fields.getByRole('log')).toHaveText('Saved');

  const stored = await request.get(`${sandbox.baseUrl}/api/v1/videos/${key}`, { headers: auth });
  expect((await stored.json()).simpleCustomFields).toEqual({
    note: 'Shot on location',
    views: 42,
    featured: true,
    publishedAt: '2026-11-22T08:30:00.000Z',
    topics: ['news', 'sport'],
  });
  await fields.getByRole('button', { name: 'Reload fields' }).click();
  await expect(fields.getByRole('log')).toHaveText('Reloaded');
  await expect(page.getByLabel('Stored fields').locator('dd')).toHaveText([
    'Shot on location',
    '42',
    'true',
    '2026-11-22T08:30:00.000Z',
    'news, sport',
  ]);
});
