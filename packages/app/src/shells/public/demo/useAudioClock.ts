import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Playback state of an <audio> element, with the position read every animation frame while it
 * plays, so word highlights follow the voice rather than the 4 Hz `timeupdate` event.
 */
export function useAudioClock(initialTime = 0) {
  const audio = useRef<HTMLAudioElement>(null);
  const [time, setTime] = useState(initialTime);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (!playing) return undefined;
    let frame = requestAnimationFrame(function tick() {
      if (audio.current) setTime(audio.current.currentTime);
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  const toggle = useCallback(() => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  }, []);

  const seek = useCallback((seconds: number) => {
    const element = audio.current;
    setTime(seconds);
    if (!element) return;
    element.currentTime = seconds;
    if (element.paused) void element.play().catch(() => setPlaying(false));
  }, []);

  const events = {
    onPlay: () => setPlaying(true),
    onPause: () => setPlaying(false),
    onEnded: () => setPlaying(false),
    onSeeked: () => setTime(audio.current?.currentTime ?? 0),
  };

  return { audio, time, playing, toggle, seek, events };
}
