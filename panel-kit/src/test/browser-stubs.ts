/** The browser APIs jsdom lacks that antd uses, for component tests: a desktop-wide window, no resizing, no scrolling. */
export function installBrowserStubs(): void {
  // A desktop-wide window: antd's `responsive` columns (min-width queries) are all shown.
  window.matchMedia ??= ((query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  window.scrollTo = () => undefined;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
