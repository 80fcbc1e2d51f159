/**
 * Plays an HLS playlist: hls.js where the browser has Media Source Extensions, the browser's own
 * player where it plays HLS natively, else a message (jsdom and happy-dom have neither).
 */
import Hls from 'hls.js';
import { useEffect, useRef, useState } from 'react';

export function Player({ src }: { src: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    setError(undefined);
    if (Hls.isSupported()) {
      const hls = new Hls();
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) setError(`${data.type}: ${data.details}`);
      });
      hls.loadSource(src);
      hls.attachMedia(element);
      return () => hls.destroy();
    }
    if (element.canPlayType('application/vnd.apple.mpegurl')) {
      element.src = src;
      return;
    }
    setError('this browser cannot play HLS');
  }, [src]);

  return (
    <section aria-label="Player">
      <video ref={video} aria-label="Video" controls muted autoPlay playsInline width={320} />
      <p>
        <a href={src}>Playlist</a>
      </p>
      {error && <p role="alert">Playback: {error}</p>}
    </section>
  );
}
