/**
 * What a finished transcode made, for its multivariant playlist: each output's size and sound
 * (from ffmpeg's own description of its outputs), each segment's duration (the media playlist)
 * and size (the file), and the H.264 profile and level (the sequence parameter set).
 */
import { open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Variant } from '../../playback/playlists.js';

/** What ffmpeg says of one output: the size of its video, whether it has sound. */
export interface OutputStream {
  width: number;
  height: number;
  audio: boolean;
}

/**
 * The outputs ffmpeg describes on stderr (`Output #N, …` then `Stream #N:M: Video: …, WxH`), by
 * output number.
 *
 * @example
 * outputStreams("Output #0, hls, to 'x':\n  Stream #0:0: Video: h264, yuv420p, 640x360 [SAR 1:1]")[0]; // { width: 640, height: 360, audio: false }
 */
export function outputStreams(stderr: string): OutputStream[] {
  const outputs: OutputStream[] = [];
  let current: OutputStream | undefined;
  for (const line of stderr.split(/\r?\n/)) {
    const header = /^(Input|Output) #(\d+)/.exec(line);
    if (header) {
      current = header[1] === 'Output' ? { width: 0, height: 0, audio: false } : undefined;
      if (current) outputs[Number(header[2])] = current;
      continue;
    }
    if (!current || !/^\s+Stream #/.test(line)) continue;
    const video = /: Video: .*?\b(\d{1,5})x(\d{1,5})\b/.exec(line);
    if (video && current.width === 0) {
      current.width = Number(video[1]);
      current.height = Number(video[2]);
    }
    if (/: Audio: /.test(line)) current.audio = true;
  }
  return outputs;
}

/** The segments of a media playlist ffmpeg wrote: file name and duration. */
export function playlistSegments(text: string): { uri: string; duration: number }[] {
  const segments: { uri: string; duration: number }[] = [];
  let duration: number | undefined;
  for (const line of text.split(/\r?\n/)) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) duration = Number(extinf[1]);
    else if (line !== '' && !line.startsWith('#') && duration !== undefined) {
      segments.push({ uri: line, duration });
      duration = undefined;
    }
  }
  return segments;
}

/** `avc1.PPCCLL` from the first sequence parameter set in the first bytes of a segment. */
async function h264Codec(segment: string): Promise<string | undefined> {
  const file = await open(segment, 'r');
  try {
    const { buffer, bytesRead } = await file.read({ buffer: Buffer.alloc(16 * 1024), position: 0 });
    const bytes = buffer.subarray(0, bytesRead);
    for (let at = 0; at + 6 < bytes.length; at++) {
      if (
        bytes[at] !== 0 ||
        bytes[at + 1] !== 0 ||
        bytes[at + 2] !== 1 ||
        ((bytes[at + 3] ?? 0) & 0x1f) !== 7
      )
        continue;
      return `avc1.${bytes.subarray(at + 4, at + 7).toString('hex')}`;
    }
    return undefined;
  } finally {
    await file.close();
  }
}

/**
 * The variant of the rendition in `dir` (its playlist and segments), as `uri` lists it.
 *
 * @example
 * await describeRendition('/tmp/job/720p', '720p/playlist.m3u8', { width: 1280, height: 720, audio: true });
 */
export async function describeRendition(dir: string, uri: string, stream: OutputStream): Promise<Variant> {
  const segments = playlistSegments(await readFile(join(dir, 'playlist.m3u8'), 'utf8'));
  if (segments.length === 0) throw new Error(`ffmpeg wrote no segment into ${dir}`);
  const sizes = await Promise.all(segments.map(async (segment) => (await stat(join(dir, segment.uri))).size));
  const total = segments.reduce((sum, segment) => sum + segment.duration, 0);
  const peak = Math.max(
    ...segments.map((segment, i) => ((sizes[i] ?? 0) * 8) / Math.max(segment.duration, 0.5)),
  );
  const video = (await h264Codec(join(dir, segments[0]?.uri ?? ''))) ?? 'avc1.4d401f';
  return {
    uri,
    bandwidth: peak,
    averageBandwidth: (sizes.reduce((sum, size) => sum + size, 0) * 8) / Math.max(total, 0.001),
    width: stream.width,
    height: stream.height,
    codecs: stream.audio ? `${video},mp4a.40.2` : video,
  };
}
