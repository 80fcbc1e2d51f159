/**
 * Edits a video's custom fields in the five value forms of §2 (text, number, boolean, date-time,
 * list of text), written and read back through the client's typed fields (§4.4).
 */
import type { VideoApiClient } from '@video-api/client';
import { type FormEvent, useState } from 'react';
import { type VideoFieldValues, videoFields } from './fields';

/** `datetime-local` holds no zone: the page reads and shows it as UTC. */
const toDate = (local: string) => (local ? new Date(`${local}Z`) : undefined);

export function FieldsEditor({ client, videoKey }: { client: VideoApiClient; videoKey: string }) {
  const [note, setNote] = useState('');
  const [views, setViews] = useState('0');
  const [featured, setFeatured] = useState(false);
  const [publishedAt, setPublishedAt] = useState('');
  const [topics, setTopics] = useState('');
  const [stored, setStored] = useState<VideoFieldValues | undefined>();
  const [message, setMessage] = useState('');

  async function run(action: () => Promise<VideoFieldValues>, done: string) {
    try {
      setStored(await action());
      setMessage(done);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    }
  }

  function save(event: FormEvent) {
    event.preventDefault();
    const values: VideoFieldValues = {
      note,
      views: Number(views),
      featured,
      publishedAt: toDate(publishedAt),
      topics: topics
        .split(',')
        .map((topic) => topic.trim())
        .filter(Boolean),
    };
    void run(() => videoFields.write(client, videoKey, values), 'Saved');
  }

  return (
    <section aria-label="Custom fields">
      <form onSubmit={save}>
        <label>
          Note <input value={note} onChange={(event) => setNote(event.target.value)} />
        </label>
        <label>
          Views{' '}
          <input type="number" step={1} value={views} onChange={(event) => setViews(event.target.value)} />
        </label>
        <label>
          Featured{' '}
          <input type="checkbox" checked={featured} onChange={(event) => setFeatured(event.target.checked)} />
        </label>
        <label>
          Published at (UTC){' '}
          <input
            type="datetime-local"
            value={publishedAt}
            onChange={(event) => setPublishedAt(event.target.value)}
          />
        </label>
        <label>
          Topics (comma-separated){' '}
          <input value={topics} onChange={(event) => setTopics(event.target.value)} />
        </label>
        <button type="submit">Save fields</button>
        <button type="button" onClick={() => void run(() => videoFields.read(client, videoKey), 'Reloaded')}>
          Reload fields
        </button>
      </form>
      <p role="log">{message}</p>
      {stored && (
        <dl aria-label="Stored fields">
          <dt>note</dt>
          <dd>{stored.note ?? '—'}</dd>
          <dt>views</dt>
          <dd>{stored.views ?? '—'}</dd>
          <dt>featured</dt>
          <dd>{stored.featured === undefined ? '—' : String(stored.featured)}</dd>
          <dt>publishedAt</dt>
          <dd>{stored.publishedAt?.toISOString() ?? '—'}</dd>
          <dt>topics</dt>
          <dd>{stored.topics?.join(', ') ?? '—'}</dd>
        </dl>
      )}
    </section>
  );
}
