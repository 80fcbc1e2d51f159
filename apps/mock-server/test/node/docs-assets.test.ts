/** swagger-ui's files for `/docs`: read from swagger-ui-dist where it is installed, none where not. */
import { describe, expect, it } from 'vitest';
import { DOCS_ASSETS } from '../../src/api/docs.js';
import { docsAssets } from '../../src/node/assets/docs-assets.js';

describe('docsAssets', () => {
  it('reads every asset of the page from the installed swagger-ui-dist', () => {
    const read = docsAssets();
    for (const name of Object.keys(DOCS_ASSETS)) expect(read(name)?.byteLength, name).toBeGreaterThan(100);
  });

  it('reads nothing but the assets of the page', () => {
    const read = docsAssets();
    for (const name of ['package.json', '../package.json', 'index.html', ''])
      expect(read(name)).toBeUndefined();
  });

  it('looks swagger-ui-dist up once, and gives none of its files where it is not installed', () => {
    let lookups = 0;
    const read = docsAssets(() => {
      lookups += 1;
      return undefined;
    });
    expect(read('package.json')).toBeUndefined();
    expect(lookups).toBe(0);
    for (const name of Object.keys(DOCS_ASSETS)) expect(read(name)).toBeUndefined();
    expect(lookups).toBe(1);
  });
});
