/** The files of swagger-ui for `/docs`, read from the swagger-ui-dist package. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DOCS_ASSETS, type DocsAssets } from '../api/docs.js';

/**
 * @example
 * docsAssets()('swagger-ui.css')?.length; // bytes of the stylesheet
 */
export function docsAssets(): DocsAssets {
  const dir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return (name) =>
    DOCS_ASSETS[name] === undefined ? undefined : new Uint8Array(readFileSync(join(dir, name)));
}
