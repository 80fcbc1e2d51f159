/**
 * The page: create a video (§4.1), upload its file with a progress bar (§4.2), wait until it is
 * ready (§4.3), play it, and edit its custom fields (§4.4). The client is used with its defaults:
 * its own upload transport for the runtime and its own readiness check.
 */
import { playlistUrl, type VideoApiClient } from '@video-api/client';
import { type FormEvent, useState } from 'react';
import { FieldsEditor } from './fields-editor';
import { Player } from './player';

type Step =
  | { name: 'idle' }
  | { name: 'creating' }
  | { name: 'uploading' }
  | { name: 'processing' }
  | { name: 'ready'; playlist: string | undefined }
  | { name: 'failed'; message: string };

const STATUS: Record<Step['name'], string> = {
  idle: 'Choose a file',
  creating: 'Creating…',
  uploading: 'Uploading…',
  processing: 'Processing…',
  ready: 'Ready',
  failed: 'Failed',
};

export function UploadPage({ client, projectKey = 'demo' }: { client: VideoApiClient; projectKey?: string }) {
  const [file, setFile] = useState<File | undefined>();
  const [title, setTitle] = useState('My video');
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [videoKey, setVideoKey] = useState<string | undefined>();
  const [progress, setProgress] = useState<{ loaded: number; total: number } | undefined>();

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    try {
      setStep({ name: 'creating' });
      setProgress(undefined);
      const [created] = await client.createVideos({ projectKey, videos: [{ title }] });
      if (!created) throw new Error('the create answered no video');
      setVideoKey(created.key);
      setStep({ name: 'uploading' });
      setProgress({ loaded: 0, total: file.size });
      await client.uploadSource(created.key, file, {
        onProgress: ({ loaded, total }) => setProgress({ loaded, total }),
      });
      setStep({ name: 'processing' });
      const ready = await client.waitForReady(created.key);
      setStep({ name: 'ready', playlist: playlistUrl(ready) });
    } catch (error) {
      setStep({ name: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }

  const busy = step.name === 'creating' || step.name === 'uploading' || step.name === 'processing';
  return (
    <main>
      <h1>Upload a video</h1>
      <form onSubmit={upload}>
        <label>
          Title <input value={title} onChange={(event) => setTitle(event.target.value)} />
        </label>
        <label>
          Video file{' '}
          <input type="file" accept="video/*" onChange={(event) => setFile(event.target.files?.[0])} />
        </label>
        <button type="submit" disabled={!file || busy}>
          Upload
        </button>
      </form>
      <p role="status" aria-label="Upload status">
        {STATUS[step.name]}
        {step.name === 'failed' && `: ${step.message}`}
      </p>
      {videoKey && (
        <p>
          Video <output aria-label="Video key">{videoKey}</output>
        </p>
      )}
      {progress && (
        <p>
          <progress aria-label="Upload progress" value={progress.loaded} max={progress.total} />{' '}
          {progress.loaded} / {progress.total} bytes
        </p>
      )}
      {step.name === 'ready' && videoKey && (
        <>
          {step.playlist ? <Player src={step.playlist} /> : <p>The video record names no playlist.</p>}
          <FieldsEditor client={client} videoKey={videoKey} />
        </>
      )}
    </main>
  );
}
