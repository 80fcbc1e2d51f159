/** The links of the resolved document: create's key leads to upload, get and update; get and update to each other. */
import { describe, expect, it } from 'vitest';
import { resolveSpec } from '../../src/resolve/index.js';

// biome-ignore lint/suspicious/noExplicitAny: the tests walk the JSON of the document.
type Doc = Record<string, any>;
const paths = (readings: string[] = []) => (resolveSpec({ readings }).document as Doc).paths;
const linksOf = (response: Doc) =>
  Object.fromEntries(
    Object.values(response.links as Doc).map((link: Doc) => [link.operationId, link.parameters.videoKey]),
  );

describe('links', () => {
  it('create links the key of its first element to upload, get and update', () => {
    const create = paths()['/api/v1/videos'].post.responses['200'];
    expect(linksOf(create)).toEqual({
      uploadVideoSource: '$response.body#/0/key',
      getVideo: '$response.body#/0/key',
      updateCustomFields: '$response.body#/0/key',
    });
  });

  it('upload links to get through its path key, get and update link to each other through videoKey', () => {
    const doc = paths(['status-codes=semantic']);
    expect(linksOf(doc['/api/upload/v1/form-data/videos/{videoKey}'].post.responses['202'])).toEqual({
      getVideo: '$request.path.videoKey',
    });
    expect(linksOf(doc['/api/v1/videos/{videoKey}'].get.responses['200'])).toEqual({
      updateCustomFields: '$response.body#/videoKey',
    });
    expect(linksOf(doc['/api/v1/videos/{videoKey}/custom-fields'].put.responses['200'])).toEqual({
      getVideo: '$response.body#/videoKey',
    });
  });

  // [create-answer-order reading, which requested video the first element is]
  const orders: Array<[string, string]> = [
    ['request-order', 'the first video of the request'],
    ['reverse-order', 'the last video of the request'],
    ['any-order', 'one of the videos of the request'],
  ];
  it.each(orders)('create-answer-order=%s: the links say the first element is %s', (reading, which) => {
    const create = paths([`create-answer-order=${reading}`])['/api/v1/videos'].post.responses['200'];
    for (const link of Object.values(create.links as Doc)) {
      expect(link.description).toContain(`Resolved: the first element is ${which}`);
      expect(link['x-resolved']).toEqual([{ id: 'create-answer-order', reading, from: 'flag' }]);
    }
  });
});
