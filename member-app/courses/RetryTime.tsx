import { useEffect, useState } from 'react';

/** When a failed check can be tried again: a countdown, then `onReady`. */
export function RetryTime({ at, onReady }: { at: number; onReady: () => void }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= at) onReady();
    }, 1000);
    return () => clearInterval(timer);
  }, [at, onReady]);
  const seconds = Math.max(0, Math.ceil((at - now) / 1000));
  const clock = new Date(at).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  return (
    <p className="learn-retry">
      You can try again at {clock} (in {Math.floor(seconds / 60)}:{String(seconds % 60).padStart(2, '0')}).
    </p>
  );
}
