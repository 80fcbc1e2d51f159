/**
 * The source files a `--data-dir` mock's records point at, read from its database while the mock
 * is stopped (through the mock's own better-sqlite3): the crash tests compare them with the
 * uploads they sent.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** A record's stored source, as the mock keeps it, with the SHA-256 of the file it names. */
export interface StoredSourceView {
  key: string;
  file: string;
  size: number;
  filename?: string;
  /** SHA-256 of the file's bytes, or undefined if no file is there. */
  sha256: string | undefined;
}

type Sqlite = new (
  path: string,
  options: { readonly: boolean },
) => { prepare(sql: string): { all(): { record: string }[] }; close(): void };

const requireFromMock = createRequire(
  new URL('../../node_modules/@video-api/mock-server/package.json', import.meta.url),
);

/** SHA-256 of `data` in hex. */
export const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * The stored source of every record in `dataDir` that has one.
 *
 * @example
 * storedSources(dataDir); // [{ key: 'v-0001', file: '…/uploads/3f….9c…', size: 12, filename: 'a.mp4', sha256: '…' }]
 */
export function storedSources(dataDir: string): StoredSourceView[] {
  const Database = requireFromMock('better-sqlite3') as Sqlite;
  const db = new Database(join(dataDir, 'mock.sqlite'), { readonly: true });
  try {
    return db
      .prepare('SELECT record FROM videos ORDER BY seq')
      .all()
      .flatMap(({ record }) => {
        const parsed = JSON.parse(record) as {
          key: string;
          source?: { file: string; size: number; filename?: string };
        };
        if (!parsed.source) return [];
        const { file, size, filename } = parsed.source;
        const sha = existsSync(file) ? sha256(readFileSync(file)) : undefined;
        return [{ key: parsed.key, file, size, ...(filename !== undefined && { filename }), sha256: sha }];
      });
  } finally {
    db.close();
  }
}

/**
 * The path of the one stored file of `key` under `<dataDir>/uploads` (named `<sha-256 of the key>.<uuid>`);
 * throws if there is not exactly one.
 *
 * @example
 * readFileSync(uploadedFile(dataDir, 'v-0001'), 'utf8');
 */
export function uploadedFile(dataDir: string, key: string): string {
  const prefix = `${sha256(key)}.`;
  const names = readdirSync(join(dataDir, 'uploads')).filter((name) => name.startsWith(prefix));
  if (names.length !== 1)
    throw new Error(`${names.length} stored files of "${key}" in ${dataDir}/uploads, not 1`);
  return join(dataDir, 'uploads', names[0] as string);
}
