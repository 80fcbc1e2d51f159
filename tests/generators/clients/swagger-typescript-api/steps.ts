/** The five steps with the swagger-typescript-api client (its default: fetch, non-2xx answers thrown). */

import { check, FIELDS, finish, keep, MOCK_URL, sourceFile, TOKEN, waitUntilReady } from '../flow';
import { Api, type CreatedVideo, type SimpleCustomFields, type Video } from './generated/api';

const client = new Api({
  baseUrl: MOCK_URL,
  securityWorker: () => ({ headers: { Authorization: `Bearer ${TOKEN}` } }),
});
const { api } = client;

const created = await api.createVideos({
  projectKey: 'demo',
  videos: [{ title: 'Opening keynote', tags: ['conference'] }, { title: 'Closing remarks' }],
});
keep('createVideos', created.status, created.data);
const videos: CreatedVideo[] = created.data;
check(videos.length === 2, `create answered ${videos.length} videos`);
const key = videos[0]?.key ?? '';

const uploaded = await api.uploadVideoSource(key, { file: sourceFile() });
keep('uploadVideoSource', uploaded.status, uploaded.data);
const afterUpload: Video = uploaded.data;
check(afterUpload.videoKey === key, 'upload answered another video');

await waitUntilReady(async () => {
  const got = await api.getVideo(key);
  keep('getVideo', got.status, got.data);
  const video: Video = got.data;
  return video.status === 'ready';
});

const fields: SimpleCustomFields = FIELDS;
const updated = await api.updateCustomFields(key, { simpleCustomFields: fields });
keep('updateCustomFields', updated.status, updated.data);

const read = await api.getVideo(key);
keep('getVideo', read.status, read.data);
const video: Video = read.data;
finish(video.simpleCustomFields);
