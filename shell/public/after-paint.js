// A server-rendered page loads this in place of its scripts (server/lib/html.ts). The page is readable from its HTML
// alone, so its scripts wait for the first paint: downloaded beside the document, they share a slow phone's bandwidth
// with it and hold back the paint they are not needed for (~0.5 s of LCP in Lighthouse's mobile run). Right after the
// paint they all start together: the start-up chunks as preloads (`data-preload`), the entry as a script
// (`data-scripts`), which then takes the preloaded chunks instead of fetching them.
(() => {
  const self = document.currentScript;
  const list = (name) => (self?.getAttribute(name) ?? '').split(' ').filter(Boolean);
  const start = () => {
    for (const href of list('data-preload')) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = href;
      document.head.append(link);
    }
    for (const src of list('data-scripts')) {
      const script = document.createElement('script');
      script.src = src;
      document.body.append(script);
    }
  };
  if (document.visibilityState === 'hidden') {
    // A tab opened in the background paints nothing until it is shown: nothing to wait for there.
    start();
  } else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // Usually the page has painted by the time this runs (just before DOMContentLoaded): then at once, so the scripts
    // are part of the page's load as before. Otherwise when the browser reports that paint.
    if (performance.getEntriesByName('first-contentful-paint').length) return start();
    const observer = new PerformanceObserver((entries) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      start();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    // No paint timing: a timer set in a frame's callback runs once that frame is drawn.
    requestAnimationFrame(() => setTimeout(start, 0));
  }
})();
