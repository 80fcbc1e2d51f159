/**
 * HLS playlists (RFC 8216): the multivariant ("master") playlist that lists the renditions of a
 * video, and the media playlist of one rendition, VOD and ended.
 */

/** One rendition as the multivariant playlist lists it (§4.3.4.2 EXT-X-STREAM-INF). */
export interface Variant {
  /** The media playlist, relative to the multivariant playlist. */
  uri: string;
  /** Peak bits per second of any segment. */
  bandwidth: number;
  /** Bits per second over the whole rendition. */
  averageBandwidth: number;
  width: number;
  height: number;
  /** RFC 6381 codecs of every stream in it, e.g. `avc1.42c014` or `avc1.4d401f,mp4a.40.2`. */
  codecs: string;
  frameRate?: number;
}

/** One segment of a media playlist: its address and real duration in seconds. */
export interface Segment {
  uri: string;
  duration: number;
}

/** Content type of both playlists (RFC 8216 §4). */
export const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
/** Content type of an MPEG-TS segment. */
export const SEGMENT_TYPE = 'video/mp2t';

/**
 * The multivariant playlist of `variants`, in the order given.
 *
 * @example
 * masterPlaylist([{ uri: '144p/playlist.m3u8', bandwidth: 160000, averageBandwidth: 150000, width: 256, height: 144, codecs: 'avc1.42c014' }]);
 */
export function masterPlaylist(variants: readonly Variant[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const variant of variants) {
    const attributes = [
      `BANDWIDTH=${Math.ceil(variant.bandwidth)}`,
      `AVERAGE-BANDWIDTH=${Math.ceil(variant.averageBandwidth)}`,
      `RESOLUTION=${variant.width}x${variant.height}`,
      `CODECS="${variant.codecs}"`,
      ...(variant.frameRate === undefined ? [] : [`FRAME-RATE=${variant.frameRate.toFixed(3)}`]),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, variant.uri);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The media playlist of a whole rendition: VOD, every segment with its real duration, ended.
 *
 * @example
 * mediaPlaylist([{ uri: 'segment0.ts', duration: 2 }]);
 */
export function mediaPlaylist(segments: readonly Segment[]): string {
  const longest = Math.max(1, ...segments.map((segment) => segment.duration));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(longest)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  for (const segment of segments) lines.push(`#EXTINF:${segment.duration.toFixed(3)},`, segment.uri);
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
