/** The five steps with the oazapfts client (default mode: each call answers `{ status, data }`). */

import { check, FIELDS, finish, keep, MOCK_URL, sourceFile, TOKEN, waitUntilReady } from '../flow';
import * as api from './generated/api';

api.defaults.baseUrl = MOCK_URL;
api.defaults.headers = { Authorization: `Bearer ${TOKEN}` };

const created = await api.createVideos({
  projectKey: 'demo',
  videos: [{ title: 'Opening keynote', tags: ['conference'] }, { title: 'Closing remarks' }],
});
keep('createVideos', created.status, created.data);
check(created.status === 200, `create answered ${created.status}`);
const videos: api.CreatedVideo[] = created.data;
check(videos.length === 2, `create answered ${videos.length} videos`);
const key = videos[0]?.key ?? '';

const uploaded = await api.uploadVideoSource(key, { file: sourceFile() });
keep('uploadVideoSource', uploaded.status, uploaded.data);
check(uploaded.status === 200, `upload answered ${uploaded.status}`);
const afterUpload: api.Video = uploaded.data;
check(afterUpload.videoKey === key, 'upload answered another video');

await waitUntilReady(async () => {
  const got = await api.getVideo(key);
  keep('getVideo', got.status, got.data);
  check(got.status === 200, `get answered ${got.status}`);
  const video: api.Video = got.data;
  return video.status === 'ready';
});

const fields: api.SimpleCustomFields = FIELDS;
const updated = await api.updateCustomFields(key, { simpleCustomFields: fields });
keep('updateCustomFields', updated.status, updated.data);
check(updated.status === 200, `update answered ${updated.status}`);

const read = await api.getVideo(key);
keep('getVideo', read.status, read.data);
check(read.status === 200, `get answered ${read.status}`);
const video: api.Video = read.data;
finish(video.simpleCustomFields);
