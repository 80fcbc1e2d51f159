/**
 * The files of swagger-ui for `/docs`, read from the swagger-ui-dist package where it is installed
 * (an optional peer of the mock); where it is not, none, and `/docs` serves the mock's own page.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DOCS_ASSETS, type DocsAssets } from '../../api/docs.js';

/** The folder of the installed swagger-ui-dist, or undefined where it is not installed. */
function swaggerUiFolder(): string | undefined {
  try {
    return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  } catch {
    return undefined;
  }
}

/**
 * Looks swagger-ui-dist up once, on the first asset asked for; `locate` finds its folder (the
 * installed package by default).
 *
 * @example
 * docsAssets()('swagger-ui.css')?.length; // bytes of the stylesheet, or undefined without swagger-ui-dist
 */
export function docsAssets(locate: () => string | undefined = swaggerUiFolder): DocsAssets {
  let folder: string | undefined | null = null;
  return (name) => {
    if (DOCS_ASSETS[name] === undefined) return undefined;
    if (folder === null) folder = locate();
    return folder === undefined ? undefined : new Uint8Array(readFileSync(join(folder, name)));
  };
}
