/**
 * Time as the code takes it: milliseconds since the epoch. Everything that decides by the time (expiries, renewals,
 * cooldowns, offers lapsing, the jobs) is given a `Now` instead of calling `Date.now()`, so tests move time rather
 * than sleep (`manualClock`).
 */
export type Now = () => number;

export const systemNow: Now = Date.now;

/** A clock that stands still until moved. */
export function manualClock(start: Date | number = Date.now()) {
  let at = typeof start === 'number' ? start : start.getTime();
  return {
    now: (() => at) as Now,
    set(to: Date | number) {
      at = typeof to === 'number' ? to : to.getTime();
    },
    advance(ms: number) {
      at += ms;
    },
  };
}
export type ManualClock = ReturnType<typeof manualClock>;
