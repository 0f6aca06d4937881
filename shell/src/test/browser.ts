/**
 * jsdom has no `matchMedia`, which antd's modal, tables and breakpoints read: a stub where no media query ever
 * matches (the desktop layout), installed once per test environment.
 */
export function stubMatchMedia(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}
