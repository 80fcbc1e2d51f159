/** Writes report.json, report.md, junit.xml and report.html into a folder. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContractReport } from '../support/types.js';
import { toHtml } from './html.js';
import { toJUnit } from './junit.js';
import { toMarkdown } from './markdown.js';
import { toJson } from './well-formed.js';

export async function writeReports(dir: string, report: ContractReport): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const files: Array<[string, string]> = [
    ['report.json', toJson(report)],
    ['report.md', toMarkdown(report)],
    ['junit.xml', toJUnit(report)],
    ['report.html', toHtml(report)],
  ];
  await Promise.all(files.map(([name, body]) => writeFile(join(dir, name), body)));
  return files.map(([name]) => join(dir, name));
}
