import { useEffect, useState } from 'react';

/**
 * The time, refreshed every second while the component is mounted: what a countdown reads. It keeps ticking when
 * nothing counts down, so a cooldown that starts later is measured from a fresh clock, not from the last tick.
 */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
