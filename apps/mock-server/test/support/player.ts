/**
 * A video page in headless Chromium, as a team that builds against the mock would have one: a
 * page served from another origin (so CORS is exercised) that plays an HLS address with hls.js or
 * with Chromium's own player, muted, and reports what the <video> element did.
 */
import { createRequire } from 'node:module';
import { type Chromium, type Listening, launchChromium, listenHttp } from '@video-api/test-support';
import type { Page } from 'playwright-core';

const HLS_JS = createRequire(import.meta.url).resolve('hls.js/dist/hls.min.js');

/** What a player showed: how far it played, the duration it found, the renditions hls.js listed. */
interface Played {
  currentTime: number;
  duration: number;
  readyState: number;
  videoWidth: number;
  videoHeight: number;
  /** The renditions hls.js parsed from the multivariant playlist (hls.js only). */
  levels: { width: number; height: number; bitrate: number; codecs: string }[];
  /** Errors the player could not get over (fatal hls.js errors, the element's MediaError, play()). */
  errors: string[];
  /** What hls.js reported and got over by itself (e.g. `bufferSeekOverHole`: it skipped a gap). */
  recovered: string[];
}

export interface PlayerPage {
  /** Plays `url` until `seconds` have passed on the element's clock (or a fatal error, or `guardMs`). */
  play(url: string, player: 'hls.js' | 'native', seconds: number, guardMs?: number): Promise<Played>;
  close(): Promise<void>;
}

/** In the page: plays `url` and resolves with what the element did. */
function playInPage({
  url,
  player,
  seconds,
  guardMs,
}: {
  url: string;
  player: string;
  seconds: number;
  guardMs: number;
}) {
  type HlsLevel = { width: number; height: number; bitrate: number; codecSet?: string; videoCodec?: string };
  type HlsInstance = {
    loadSource(url: string): void;
    attachMedia(video: HTMLVideoElement): void;
    on(event: string, listener: (event: string, data: Record<string, unknown>) => void): void;
    levels: HlsLevel[];
    destroy(): void;
  };
  type HlsClass = { new (config: object): HlsInstance; Events: Record<string, string> };
  return new Promise<Played>((resolve) => {
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    document.body.append(video);
    const errors: string[] = [];
    const recovered: string[] = [];
    let hls: HlsInstance | undefined;
    /** Reads the element (before hls.js lets go of it, which resets it), then cleans up. */
    const finish = (why?: string) => {
      if (why) errors.push(why);
      clearInterval(poll);
      clearTimeout(guard);
      if (video.error) errors.push(`MediaError ${video.error.code}: ${video.error.message}`);
      const { currentTime, duration, readyState, videoWidth, videoHeight } = video;
      const levels = (hls?.levels ?? []).map((level) => ({
        width: level.width,
        height: level.height,
        bitrate: level.bitrate,
        codecs: level.codecSet ?? level.videoCodec ?? '',
      }));
      hls?.destroy();
      video.remove();
      resolve({ currentTime, duration, readyState, videoWidth, videoHeight, levels, errors, recovered });
    };
    const poll = setInterval(() => {
      if (video.currentTime > seconds || video.error) finish();
    }, 50);
    const guard = setTimeout(() => finish(`still at ${video.currentTime} s after ${guardMs} ms`), guardMs);
    if (player === 'hls.js') {
      const Hls = (globalThis as unknown as { Hls: HlsClass }).Hls;
      hls = new Hls({ enableWorker: false });
      hls.on(Hls.Events.ERROR ?? 'hlsError', (_event, data) => {
        (data.fatal ? errors : recovered).push(`${String(data.type)}/${String(data.details)}`);
        if (data.fatal) finish();
      });
      hls.loadSource(url);
      hls.attachMedia(video);
    } else video.src = url;
    video.play().catch((error: Error) => errors.push(`play(): ${error.message}`));
  });
}

/**
 * Launches Chromium with a page from another origin that has hls.js.
 *
 * @example
 * const player = await openPlayerPage();
 * const played = await player.play(`${server.url}/hls/v-0001/playlist.m3u8`, 'hls.js', 1);
 * await player.close();
 */
export async function openPlayerPage(): Promise<PlayerPage> {
  let site: Listening | undefined;
  let browser: Chromium | undefined;
  try {
    site = await listenHttp((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>player</title><body></body>');
    });
    browser = await launchChromium(['--autoplay-policy=no-user-gesture-required']);
    const page: Page = await browser.context.newPage();
    await page.goto(`${site.url}/`);
    await page.addScriptTag({ path: HLS_JS });
    const opened = { site, browser };
    return {
      play: (url, player, seconds, guardMs = 30_000) =>
        page.evaluate(playInPage, { url, player, seconds, guardMs }),
      async close() {
        await opened.browser.close();
        await opened.site.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await site?.close();
    throw error;
  }
}
