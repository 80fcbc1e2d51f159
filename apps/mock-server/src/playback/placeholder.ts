/**
 * The placeholder every ready video plays where no real renditions exist: two renditions of a
 * 10-second test pattern (src/playback/test-pattern.ts), H.264 written by the mock itself
 * (src/playback/h264.ts) in MPEG-TS segments of 2 s. Made on first use, once per process.
 */
import {
  accessUnitDelimiter,
  CODECS,
  codedSlice,
  type Picture,
  pictureParameterSet,
  type StreamFormat,
  sequenceParameterSet,
} from './h264.js';
import { type AccessUnit, TS_CLOCK, transportStream } from './mpeg-ts.js';
import { masterPlaylist, mediaPlaylist, type Variant } from './playlists.js';
import { testPattern } from './test-pattern.js';

/** A rendition of the placeholder: its name (a path segment) and format. */
export interface PlaceholderRendition extends StreamFormat {
  name: string;
}

export const PLACEHOLDER_RENDITIONS: readonly PlaceholderRendition[] = [
  { name: '144p', width: 256, height: 144, fps: 10 },
  { name: '72p', width: 128, height: 72, fps: 10 },
];
export const SEGMENT_SECONDS = 2;
export const SEGMENT_COUNT = 5;

const START_CODE = Uint8Array.of(0, 0, 0, 1);

function annexB(units: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(units.reduce((sum, unit) => sum + START_CODE.length + unit.length, 0));
  let at = 0;
  for (const unit of units) {
    out.set(START_CODE, at);
    out.set(unit, at + START_CODE.length);
    at += START_CODE.length + unit.length;
  }
  return out;
}

/** Segment `index` of `rendition`: an IDR frame, then P frames that code what changed. */
function makeSegment(rendition: PlaceholderRendition, index: number): Uint8Array {
  const perSegment = rendition.fps * SEGMENT_SECONDS;
  const frames = perSegment * SEGMENT_COUNT;
  const headers = [sequenceParameterSet(rendition), pictureParameterSet()];
  const units: AccessUnit[] = [];
  let previous: Picture | undefined;
  for (let n = 0; n < perSegment; n++) {
    const frame = index * perSegment + n;
    const picture = testPattern(rendition, frame, frames);
    const slice = previous
      ? codedSlice(rendition, picture, { picture: previous, frameNum: n })
      : codedSlice(rendition, picture, undefined, index);
    const nals = previous ? [accessUnitDelimiter(), slice] : [accessUnitDelimiter(), ...headers, slice];
    units.push({ data: annexB(nals), pts: (frame * TS_CLOCK) / rendition.fps, key: !previous });
    previous = picture;
  }
  return transportStream(units);
}

const made = new Map<string, Uint8Array>();

/** The name of segment `index` in a media playlist. */
const segmentName = (index: number): string => `segment${index}.ts`;

/**
 * The bytes of a placeholder segment, or undefined for a rendition or name it does not have.
 *
 * @example
 * placeholderSegment('72p', 'segment0.ts')?.[0]; // 0x47, the first sync byte
 */
export function placeholderSegment(renditionName: string, name: string): Uint8Array | undefined {
  const rendition = PLACEHOLDER_RENDITIONS.find((candidate) => candidate.name === renditionName);
  const index = /^segment(\d)\.ts$/.exec(name)?.[1];
  if (!rendition || index === undefined || Number(index) >= SEGMENT_COUNT) return undefined;
  const key = `${renditionName}/${index}`;
  let bytes = made.get(key);
  if (!bytes) {
    bytes = makeSegment(rendition, Number(index));
    made.set(key, bytes);
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
        codecs: CODECS,
        frameRate: rendition.fps,
      };
    }),
  );
  return master;
}
