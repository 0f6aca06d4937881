import breakpoints from './breakpoints.module.css';

/** The breakpoints a script may ask about; their media queries live in breakpoints.module.css, shared with the CSS. */
export type Breakpoint = 'menuCollapsed' | 'tablet' | 'phone' | 'smallPhone' | 'tinyPhone';

/** Whether the window is at or below the breakpoint now. */
export function isAtMost(breakpoint: Breakpoint): boolean {
  const query = breakpoints[breakpoint];
  // Only a build that lost the CSS module's values gets here; the wide layout is the safe guess.
  if (query === undefined) return false;
  return window.matchMedia(query).matches;
}
