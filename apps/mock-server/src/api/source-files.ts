/**
 * §4.2 shows only that `file` is the content of the video source file; which files a server takes is
 * the `upload-source-files` reading: any file, or only one that begins as a video container does.
 */
import type { ReadingOf } from '@video-api/schema';

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));
const startsWith = (head: Uint8Array, bytes: number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, i) => head[at + i] === byte);

/** The first bytes of the containers the `video-only` reading names (its sentence lists them). */
const CONTAINERS: ReadonlyArray<(head: Uint8Array) => boolean> = [
  // MP4 and QuickTime: a box size, then one of the boxes such a file opens with.
  (head) => ['ftyp', 'moov', 'mdat', 'free', 'wide', 'skip'].some((box) => startsWith(head, ascii(box), 4)),
  (head) => startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]), // Matroska, WebM (EBML)
  (head) => head[0] === 0x47 && head.length >= 1, // MPEG transport stream (sync byte)
  (head) => startsWith(head, [0x00, 0x00, 0x01, 0xba]), // MPEG program stream (pack header)
  (head) => startsWith(head, ascii('RIFF')) && startsWith(head, ascii('AVI '), 8), // AVI
  (head) => startsWith(head, ascii('FLV')), // FLV
  (head) => startsWith(head, ascii('OggS')), // Ogg
];

/** Whether each reading takes a file that begins with `head` as a source. */
export const TAKES_SOURCE: Readonly<Record<ReadingOf<'upload-source-files'>, (head: Uint8Array) => boolean>> =
  {
    'any-file': () => true,
    'video-only': (head) => CONTAINERS.some((isContainer) => isContainer(head)),
  };
