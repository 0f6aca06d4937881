import { useEffect, useState } from 'react';

/**
 * The time, refreshed every `every` ms (a second by default) while the component is mounted: what a countdown reads.
 * It keeps ticking when nothing counts down, so a cooldown that starts later is measured from a fresh clock, not from
 * the last tick. Hours left on an offer need only a tick a minute.
 */
export function useNow(every = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(timer);
  }, [every]);
  return now;
}
