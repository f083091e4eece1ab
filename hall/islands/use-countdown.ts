import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a countdown started with `start(seconds)`; 0 when idle (spec section 4, phone code). */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt <= now) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 250);
    return () => window.clearTimeout(timer);
  }, [endsAt, now]);

  const start = useCallback((seconds: number) => {
    const started = Date.now();
    setNow(started);
    setEndsAt(started + seconds * 1000);
  }, []);

  return { secondsLeft: Math.max(0, Math.ceil((endsAt - now) / 1000)), start };
}
