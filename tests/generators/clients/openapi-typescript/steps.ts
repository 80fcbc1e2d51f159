/**
 * The five steps with openapi-typescript's types and openapi-fetch. openapi-typescript types a
 * `format: binary` part as `string`: the upload sends the file from openapi-fetch's documented
 * `bodySerializer`, the typed body's `file` left empty.
 */
import createClient from 'openapi-fetch';
import { check, FIELDS, finish, keep, MOCK_URL, sourceFile, TOKEN, waitUntilReady } from '../flow';
import type { components, paths } from './generated/schema';

type Schemas = components['schemas'];
const client = createClient<paths>({ baseUrl: MOCK_URL, headers: { Authorization: `Bearer ${TOKEN}` } });
const KEY_PATH = '/api/v1/videos/{videoKey}';

const created = await client.POST('/api/v1/videos', {
  body: {
    projectKey: 'demo',
    videos: [{ title: 'Opening keynote', tags: ['conference'] }, { title: 'Closing remarks' }],
  },
});
keep('createVideos', created.response.status, created.data ?? created.error);
check(created.data !== undefined, `create answered ${created.response.status}`);
const videos: Schemas['CreatedVideo'][] = created.data;
check(videos.length === 2, `create answered ${videos.length} videos`);
const key = videos[0]?.key ?? '';

const uploaded = await client.POST('/api/upload/v1/form-data/videos/{videoKey}', {
  params: { path: { videoKey: key } },
  body: { file: '' },
  bodySerializer: () => {
    const form = new FormData();
    form.append('file', sourceFile());
    return form;
  },
});
keep('uploadVideoSource', uploaded.response.status, uploaded.data ?? uploaded.error);
check(uploaded.data !== undefined, `upload answered ${uploaded.response.status}`);
const afterUpload: Schemas['Video'] = uploaded.data;
check(afterUpload.videoKey === key, 'upload answered another video');

await waitUntilReady(async () => {
  const got = await client.GET(KEY_PATH, { params: { path: { videoKey: key } } });
  keep('getVideo', got.response.status, got.data ?? got.error);
  check(got.data !== undefined, `get answered ${got.response.status}`);
  const video: Schemas['Video'] = got.data;
  return video.status === 'ready';
});

const fields: Schemas['SimpleCustomFields'] = FIELDS;
const updated = await client.PUT('/api/v1/videos/{videoKey}/custom-fields', {
  params: { path: { videoKey: key } },
  body: { simpleCustomFields: fields },
});
keep('updateCustomFields', updated.response.status, updated.data ?? updated.error);
check(updated.data !== undefined, `update answered ${updated.response.status}`);

const read = await client.GET(KEY_PATH, { params: { path: { videoKey: key } } });
keep('getVideo', read.response.status, read.data ?? read.error);
check(read.data !== undefined, `get answered ${read.response.status}`);
const video: Schemas['Video'] = read.data;
finish(video.simpleCustomFields);
