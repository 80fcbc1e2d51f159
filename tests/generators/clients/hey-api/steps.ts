/** The five steps with the @hey-api/openapi-ts client (fetch client and SDK, its defaults). */

import { check, FIELDS, finish, keep, MOCK_URL, sourceFile, TOKEN, waitUntilReady } from '../flow';
import { client } from './generated/client.gen';
import { createVideos, getVideo, updateCustomFields, uploadVideoSource } from './generated/sdk.gen';
import type { CreatedVideo, SimpleCustomFields, Video } from './generated/types.gen';

client.setConfig({ baseUrl: MOCK_URL, auth: () => TOKEN });

const created = await createVideos({
  body: {
    projectKey: 'demo',
    videos: [{ title: 'Opening keynote', tags: ['conference'] }, { title: 'Closing remarks' }],
  },
});
keep('createVideos', created.response?.status ?? 0, created.data ?? created.error);
check(created.data !== undefined, `create answered ${created.response?.status ?? 0}`);
const videos: CreatedVideo[] = created.data;
check(videos.length === 2, `create answered ${videos.length} videos`);
const key = videos[0]?.key ?? '';

const uploaded = await uploadVideoSource({ path: { videoKey: key }, body: { file: sourceFile() } });
keep('uploadVideoSource', uploaded.response?.status ?? 0, uploaded.data ?? uploaded.error);
check(uploaded.data !== undefined, `upload answered ${uploaded.response?.status ?? 0}`);
const afterUpload: Video = uploaded.data;
check(afterUpload.videoKey === key, 'upload answered another video');

await waitUntilReady(async () => {
  const got = await getVideo({ path: { videoKey: key } });
  keep('getVideo', got.response?.status ?? 0, got.data ?? got.error);
  check(got.data !== undefined, `get answered ${got.response?.status ?? 0}`);
  const video: Video = got.data;
  return video.status === 'ready';
});

const fields: SimpleCustomFields = FIELDS;
const updated = await updateCustomFields({ path: { videoKey: key }, body: { simpleCustomFields: fields } });
keep('updateCustomFields', updated.response?.status ?? 0, updated.data ?? updated.error);
check(updated.data !== undefined, `update answered ${updated.response?.status ?? 0}`);

const read = await getVideo({ path: { videoKey: key } });
keep('getVideo', read.response?.status ?? 0, read.data ?? read.error);
check(read.data !== undefined, `get answered ${read.response?.status ?? 0}`);
const video: Video = read.data;
finish(video.simpleCustomFields);
