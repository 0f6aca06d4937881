/** The navigation progress bar's constants (spec §9). */
export const PROGRESS = {
  heightPx: 2,
  throttleMs: 200,
  durationMs: 5000,
  /** A page that both loads data before rendering and fetches after it advances in bigger steps. */
  stepsWithDataAndFetch: 30,
  steps: 45,
} as const;

export function progressSteps(page: { loader?: unknown; fetchesAfterRender?: boolean } | undefined): number {
  return page?.loader && page.fetchesAfterRender ? PROGRESS.stepsWithDataAndFetch : PROGRESS.steps;
}

/** Percent shown after `elapsed` ms: it climbs one step per duration/steps, never past 95 until the page is ready. */
export function progressAt(elapsedMs: number, steps: number): number {
  const done = Math.floor(elapsedMs / (PROGRESS.durationMs / steps));
  return Math.min(95, (done * 100) / steps);
}
