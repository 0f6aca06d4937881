import { useEffect, useRef, useState } from 'react';
import { matchRoutes, type createBrowserRouter, type Location } from 'react-router';
import { useT } from '../i18n/use-t.ts';
import { PROGRESS, progressAt } from './progress.ts';
import styles from './ProgressBar.module.css';

type Router = ReturnType<typeof createBrowserRouter>;
type Phase = 'idle' | 'running' | 'done' | 'failed';

/** Steps for the page being navigated to, as its route declares them (`handle.progressSteps`, once loaded). */
function stepsOf(router: Router, location: Location | undefined): number {
  const matches = location ? (matchRoutes(router.routes, location) ?? []) : [];
  const handle = matches[matches.length - 1]?.route.handle as { progressSteps?: number } | undefined;
  return handle?.progressSteps ?? PROGRESS.steps;
}

/**
 * The top progress bar (spec §2, §9): 2 px, green, red when the navigation fails; it appears only when a
 * navigation takes longer than 200 ms and fills over 5 s in 30 or 45 steps. Loaded with the first navigation
 * (ProgressBarHost), which it picks up from `startedAt`, when that navigation began.
 */
export default function ProgressBar({ router, startedAt: firstStart }: { router: Router; startedAt: number }) {
  const { t } = useT();
  const [phase, setPhase] = useState<Phase>('idle');
  const [percent, setPercent] = useState(0);
  const timers = useRef<{ throttle?: ReturnType<typeof setTimeout>; tick?: ReturnType<typeof setInterval> }>({});

  useEffect(() => {
    let startedAt = 0;
    let loading = false;
    const stopTimers = () => {
      clearTimeout(timers.current.throttle);
      clearInterval(timers.current.tick);
    };
    const onState = (state: Router['state'], at = Date.now()) => {
      const nowLoading = state.navigation.state !== 'idle';
      if (nowLoading && !loading) {
        loading = true;
        startedAt = at;
        const steps = stepsOf(router, state.navigation.location);
        timers.current.throttle = setTimeout(
          () => {
            setPhase('running');
            setPercent(progressAt(Date.now() - startedAt, steps));
            timers.current.tick = setInterval(
              () => setPercent(progressAt(Date.now() - startedAt, steps)),
              PROGRESS.durationMs / steps,
            );
          },
          PROGRESS.throttleMs - (Date.now() - at),
        );
      } else if (!nowLoading && loading) {
        loading = false;
        stopTimers();
        const failed = state.errors !== null && Object.keys(state.errors).length > 0;
        if (Date.now() - startedAt < PROGRESS.throttleMs && !failed) return;
        setPercent(100);
        setPhase(failed ? 'failed' : 'done');
        timers.current.throttle = setTimeout(() => setPhase('idle'), failed ? 1500 : 400);
      }
    };
    const unsubscribe = router.subscribe((state) => onState(state));
    // The navigation that loaded this bar is still going (or has just ended, too soon to show anything).
    onState(router.state, firstStart);
    return () => {
      unsubscribe();
      stopTimers();
    };
  }, [router, firstStart]);

  if (phase === 'idle') return null;
  return (
    <div
      className={`${styles.bar} ${phase === 'failed' ? styles.failed : ''} ${phase === 'done' ? styles.finishing : ''}`}
      style={{ width: `${percent}%`, height: PROGRESS.heightPx }}
      role="progressbar"
      aria-label={t('loading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      data-state={phase}
    />
  );
}
