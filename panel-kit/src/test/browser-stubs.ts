/** The browser APIs jsdom lacks that antd uses, for the kit's component tests: a desktop-wide window, no resizing. */
export function installBrowserStubs(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
