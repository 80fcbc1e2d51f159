/**
 * The ffmpeg command of one transcode: the source decoded once, split, and encoded into two HLS
 * renditions (H.264 Main, AAC when the source has sound) in MPEG-TS segments of 4 s. The higher
 * one has the source's height up to 720 lines, the lower one half of it up to 360 (never scaled
 * up): a 1080p or 720p source gives 720p and 360p; a 480p one 480p and 240p.
 */
import { join } from 'node:path';

/** Seconds of each segment: every one starts with a key frame forced at this interval. */
const SEGMENT_SECONDS = 4;

/** One rendition of the ladder: its folder in the output, its height rule and its rates. */
interface Rung {
  folder: string;
  height: string;
  maxrate: string;
  audio: string;
}

const LADDER: readonly Rung[] = [
  { folder: 'r0', height: 'min(720,trunc(ih/2)*2)', maxrate: '3000k', audio: '128k' },
  { folder: 'r1', height: 'min(360,trunc(ih/4)*2)', maxrate: '1000k', audio: '96k' },
];

/**
 * Containers an upload may be read as. Not playlists (HLS, concat): a file uploaded as a source
 * must not make ffmpeg read other files of this machine; and files only (`-protocol_whitelist`).
 */
const INPUT_FORMATS = 'mov,matroska,mpegts,avi,flv,mpeg,ogg,asf,mxf,yuv4mpegpipe,h264,hevc,m4v,gif';

/** The folders ffmpeg writes the renditions into, in output order (created before it runs). */
export const RENDITION_FOLDERS: readonly string[] = LADDER.map((rung) => rung.folder);

/**
 * ffmpeg's arguments to transcode `source` into `out/<folder>/playlist.m3u8` and its segments.
 *
 * @example
 * spawn(ffmpeg, transcodeArgs('/data/uploads/ab12', '/data/tmp/job.hls'));
 */
export function transcodeArgs(source: string, out: string): string[] {
  const split = `[0:v:0]split=${LADDER.length}${LADDER.map((_, i) => `[in${i}]`).join('')}`;
  const scales = LADDER.map((rung, i) => `[in${i}]scale=-2:'${rung.height}'[v${i}]`);
  const outputs = LADDER.flatMap((rung, i) => [
    ...['-map', `[v${i}]`, '-map', '0:a:0?'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p'],
    ...['-crf', '23', '-maxrate', rung.maxrate, '-bufsize', `${Number.parseInt(rung.maxrate, 10) * 2}k`],
    ...['-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`],
    ...['-c:a', 'aac', '-b:a', rung.audio, '-ac', '2'],
    ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod'],
    ...[
      '-hls_segment_filename',
      join(out, rung.folder, 'segment%d.ts'),
      join(out, rung.folder, 'playlist.m3u8'),
    ],
  ]);
  return [
    ...['-nostdin', '-hide_banner', '-nostats', '-loglevel', 'info', '-y'],
    ...['-protocol_whitelist', 'file', '-format_whitelist', INPUT_FORMATS, '-i', source],
    ...['-filter_complex', [split, ...scales].join(';')],
    ...outputs,
  ];
}
