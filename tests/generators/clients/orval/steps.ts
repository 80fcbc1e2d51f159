/** The five steps with the orval client (its default: axios functions, non-2xx answers thrown). */
import axios from 'axios';
import { check, FIELDS, finish, keep, MOCK_URL, sourceFile, TOKEN, waitUntilReady } from '../flow';
import {
  type CreatedVideo,
  createVideos,
  getVideo,
  type SimpleCustomFields,
  updateCustomFields,
  uploadVideoSource,
  type Video,
} from './generated/api';

axios.defaults.baseURL = MOCK_URL;
axios.defaults.headers.common.Authorization = `Bearer ${TOKEN}`;

const created = await createVideos({
  projectKey: 'demo',
  videos: [{ title: 'Opening keynote', tags: ['conference'] }, { title: 'Closing remarks' }],
});
keep('createVideos', created.status, created.data);
const videos: CreatedVideo[] = created.data;
check(videos.length === 2, `create answered ${videos.length} videos`);
const key = videos[0]?.key ?? '';

const uploaded = await uploadVideoSource(key, { file: sourceFile() });
keep('uploadVideoSource', uploaded.status, uploaded.data);
const afterUpload: Video = uploaded.data;
check(afterUpload.videoKey === key, 'upload answered another video');

await waitUntilReady(async () => {
  const got = await getVideo(key);
  keep('getVideo', got.status, got.data);
  const video: Video = got.data;
  return video.status === 'ready';
});

const fields: SimpleCustomFields = FIELDS;
const updated = await updateCustomFields(key, { simpleCustomFields: fields });
keep('updateCustomFields', updated.status, updated.data);

const read = await getVideo(key);
keep('getVideo', read.status, read.data);
const video: Video = read.data;
finish(video.simpleCustomFields);
