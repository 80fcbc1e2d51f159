/**
 * Where uploaded source files go (§4.2): a sink receives a file's bytes as they stream in and puts
 * the complete file in place. The portable core keeps them in memory, bounded; the Node adapters
 * write them to disk (src/node/uploads/disk-sink.ts).
 */
import { concatBytes } from '../shared/bytes.js';

/** A stored source file, as a video record keeps it. */
export interface StoredSource {
  /** Where the sink keeps it (a path on disk, or `memory:<key>`). */
  file: string;
  size: number;
  filename?: string;
  contentType?: string;
}

/** A file being received: bytes in order, then put in place or dropped. */
export interface IncomingFile {
  write(chunk: Uint8Array): void | Promise<void>;
  /**
   * Puts the complete file in place as a source of `key`, durably where the sink can; returns where
   * it is (a sink on disk gives each upload a name of its own, so the record's file stays until
   * the record points elsewhere).
   */
  commit(key: string): string | Promise<string>;
  /** Drops what was received (every outcome but success). */
  abort(): void | Promise<void>;
}

/** Where a server puts uploaded files. */
export interface SourceSink {
  /** Largest file this sink can hold (bytes), when it is bounded: a larger upload is answered 413. */
  readonly maxFileBytes: number | undefined;
  /** Starts receiving one file. */
  begin(): IncomingFile;
  /**
   * Removes a stored file no record points at any more (the previous source of a key, once its
   * record points at the new one). A sink that overwrites by key has none.
   */
  release?(file: string): void;
  /**
   * Removes the stored files not in `files` (those the records point at), at start: what a crash
   * left between putting a file in place and committing its record. Returns the removed paths.
   */
  keepOnly?(files: ReadonlySet<string>): string[];
  /** The bytes of a stored file, if this sink can give them back. */
  read?(file: string): Uint8Array | undefined;
  /** The folders of a sink on disk (`temp` holds files being received). */
  paths?(): { root: string; temp: string; uploads: string };
  /** Releases what the sink holds (a temporary folder, memory). */
  dispose(): void;
}

/** The memory sink's bound when none is given: 64 MiB per file. */
export const DEFAULT_MEMORY_FILE_BYTES = 64 * 1024 * 1024;

/**
 * A sink that keeps files in memory, at most `maxFileBytes` each (the last file of each key only).
 * For runtimes without a disk: an edge runtime, a browser under msw.
 *
 * @example
 * const sink = memorySink(8 * 1024 * 1024);
 * const file = sink.begin();
 * await file.write(new Uint8Array([1, 2, 3]));
 * sink.read(await file.commit('v-0001'))?.length; // 3
 */
export function memorySink(maxFileBytes = DEFAULT_MEMORY_FILE_BYTES): SourceSink {
  const files = new Map<string, Uint8Array>();
  return {
    maxFileBytes,
    begin() {
      let chunks: Uint8Array[] = [];
      let size = 0;
      return {
        write(chunk) {
          size += chunk.byteLength;
          if (size > maxFileBytes) throw new RangeError(`the file is larger than ${maxFileBytes} bytes`);
          chunks.push(chunk.slice());
        },
        commit(key) {
          const file = `memory:${key}`;
          files.set(file, concatBytes(chunks, size));
          chunks = [];
          return file;
        },
        abort() {
          chunks = [];
        },
      };
    },
    read: (file) => files.get(file),
    dispose: () => files.clear(),
  };
}
