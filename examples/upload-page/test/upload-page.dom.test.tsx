/**
 * The page on a DOM emulation (this file runs on jsdom and on happy-dom), against the mock in the
 * same process through msw: upload stand-in bytes with progress, see "Ready", edit the five kinds
 * of custom field and read them back. The client keeps its defaults.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createVideoApiClient } from '@video-api/client';
import { videoApiHandlers } from '@video-api/mock-server/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { UploadPage } from '../src/upload-page';

const baseUrl = 'https://video.example.test';
const { handlers, mock } = videoApiHandlers({ baseUrl, processingMs: 200 });
const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  await mock.reset();
});
afterAll(async () => {
  server.close();
  await mock.close();
});

/** 600 KB of stand-in bytes: more than two of the client's 256 KiB slices. */
const file = () => new File([new Uint8Array(600_000).fill(7)], 'clip.mp4', { type: 'video/mp4' });

async function uploadThroughThePage() {
  const client = createVideoApiClient({ baseUrl, token: 'mock-token' });
  render(<UploadPage client={client} />);
  fireEvent.change(screen.getByLabelText('Video file'), { target: { files: [file()] } });
  fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
  await waitFor(
    () => expect(screen.getByRole('status', { name: 'Upload status' }).textContent).toBe('Ready'),
    { timeout: 10_000 },
  );
  return { client, videoKey: screen.getByLabelText('Video key').textContent as string };
}

it('uploads a file with progress to the end and shows the video ready, with its playlist', async () => {
  const { videoKey } = await uploadThroughThePage();
  const progress = screen.getByLabelText('Upload progress') as HTMLProgressElement;
  expect([progress.getAttribute('value'), progress.getAttribute('max')]).toEqual(['600000', '600000']);
  const upload = (await mock.journal()).find((entry) => entry.path.startsWith('/api/upload/'));
  expect(upload?.status).toBeLessThan(300);
  const playlist = screen.getByRole('link', { name: 'Playlist' }).getAttribute('href') as string;
  expect(playlist).toBe(`${baseUrl}/hls/${videoKey}/playlist.m3u8`);
  expect(await (await fetch(playlist)).text()).toMatch(/^#EXTM3U/);
});

it('writes the five value forms and reads them back', async () => {
  const { client, videoKey } = await uploadThroughThePage();
  const fields = within(screen.getByRole('region', { name: 'Custom fields' }));
  fireEvent.change(fields.getByLabelText('Note'), { target: { value: 'Shot on location' } });
  fireEvent.change(fields.getByLabelText('Views'), { target: { value: '42' } });
  fireEvent.click(fields.getByLabelText('Featured'));
  fireEvent.change(fields.getByLabelText('Published at (UTC)'), { target: { value: '2026-11-22T08:30' } });
  fireEvent.change(fields.getByLabelText('Topics (comma-separated)'), { target: { value: 'news, sport' } });
  fireEvent.click(fields.getByRole('button', { name: 'Save fields' }));
  await waitFor(() => expect(fields.getByRole('log').textContent).toBe('Saved'));

  const stored = await client.getVideo(videoKey);
  expect(stored.simpleCustomFields).toEqual({
    note: 'Shot on location',
    views: 42,
    featured: true,
    publishedAt: '2026-11-22T08:30:00.000Z',
    topics: ['news', 'sport'],
  });
  fireEvent.click(fields.getByRole('button', { name: 'Reload fields' }));
  await waitFor(() => expect(fields.getByRole('log').textContent).toBe('Reloaded'));
  const shown = [...screen.getByLabelText('Stored fields').querySelectorAll('dd')].map(
    (dd) => dd.textContent,
  );
  expect(shown).toEqual(['Shot on location', '42', 'true', '2026-11-22T08:30:00.000Z', 'news, sport']);
});
