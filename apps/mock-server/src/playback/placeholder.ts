/**
 * The placeholder every ready video plays where no real renditions exist: two renditions of a
 * 10-second test pattern (colour bars over a bar that fills as it plays), H.264 in MPEG-TS
 * segments of 2 s. The bytes were made once by ffmpeg (scripts/placeholder-media.mjs) and are
 * committed in ./placeholder-media.ts, so every machine serves the same ones, with no encoder and
 * no disk; each segment is decoded from base64 on first use, once per process.
 */
import { PLACEHOLDER_MEDIA } from './placeholder-media.js';
import { masterPlaylist, mediaPlaylist, type Variant } from './playlists.js';

/** A rendition of the placeholder: its name (a path segment), size and frame rate. */
export interface PlaceholderRendition {
  name: string;
  width: number;
  height: number;
  fps: number;
}

export const PLACEHOLDER_RENDITIONS: readonly PlaceholderRendition[] = PLACEHOLDER_MEDIA.renditions.map(
  ({ name, width, height }) => ({ name, width, height, fps: PLACEHOLDER_MEDIA.fps }),
);
export const SEGMENT_SECONDS = PLACEHOLDER_MEDIA.segmentSeconds;
export const SEGMENT_COUNT = PLACEHOLDER_MEDIA.renditions[0]?.segments.length ?? 0;

const decoded = new Map<string, Uint8Array>();

/** The name of segment `index` in a media playlist. */
const segmentName = (index: number): string => `segment${index}.ts`;

/**
 * The bytes of a placeholder segment, or undefined for a rendition or name it does not have.
 *
 * @example
 * placeholderSegment('72p', 'segment0.ts')?.[0]; // 0x47, the first sync byte
 */
export function placeholderSegment(renditionName: string, name: string): Uint8Array | undefined {
  const rendition = PLACEHOLDER_MEDIA.renditions.find((candidate) => candidate.name === renditionName);
  const index = /^segment(\d)\.ts$/.exec(name)?.[1];
  const base64 = index === undefined ? undefined : rendition?.segments[Number(index)];
  if (base64 === undefined) return undefined;
  const key = `${renditionName}/${index}`;
  let bytes = decoded.get(key);
  if (!bytes) {
    bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    decoded.set(key, bytes);
  }
  return bytes;
}

/** The media playlist of a placeholder rendition (every segment 2 s), or undefined. */
export function placeholderMediaPlaylist(renditionName: string): string | undefined {
  if (!PLACEHOLDER_RENDITIONS.some((rendition) => rendition.name === renditionName)) return undefined;
  const segments = Array.from({ length: SEGMENT_COUNT }, (_, index) => ({
    uri: segmentName(index),
    duration: SEGMENT_SECONDS,
  }));
  return mediaPlaylist(segments);
}

let master: string | undefined;

/** The multivariant playlist of the placeholder; its bandwidths are measured on its segments. */
export function placeholderMasterPlaylist(): string {
  master ??= masterPlaylist(
    PLACEHOLDER_RENDITIONS.map((rendition): Variant => {
      const sizes = Array.from(
        { length: SEGMENT_COUNT },
        (_, index) => placeholderSegment(rendition.name, segmentName(index))?.length ?? 0,
      );
      const bits = (bytes: number) => (bytes * 8) / SEGMENT_SECONDS;
      return {
        uri: `${rendition.name}/playlist.m3u8`,
        bandwidth: bits(Math.max(...sizes)),
        averageBandwidth: bits(sizes.reduce((sum, size) => sum + size, 0) / SEGMENT_COUNT),
        width: rendition.width,
        height: rendition.height,
        codecs: PLACEHOLDER_MEDIA.codecs,
        frameRate: rendition.fps,
      };
    }),
  );
  return master;
}
