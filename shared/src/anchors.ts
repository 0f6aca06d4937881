/** Menu links that start with `#` scroll to an element of the page instead of navigating (spec §2). */
export const isAnchorLink = (link: string): boolean => link.startsWith('#');

/** The sticky header's height on desktop; the mobile menu uses the spec's offset of 70 px (§9). */
export const DESKTOP_SCROLL_OFFSET = 64;
export const MOBILE_MENU_SCROLL_OFFSET = 70;

/** Scrolls so the element sits `offset` px below the top (clear of the sticky header); false if it is not there. */
export function scrollToAnchor(link: string, offset: number): boolean {
  const element = document.getElementById(decodeURIComponent(link.slice(1)));
  if (!element) return false;
  const top = element.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top, behavior: 'smooth' });
  return true;
}

/** What the visitor does to take the scrolling over from `holdInView`. */
const TAKEOVER = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Places the element `#id` `offset` px below the top and keeps it there while the page above it settles (blocks and
 * lists loading change its height: a scroll aimed once lands wherever the element was then), for `settleMs` or until
 * the visitor scrolls, types or clicks. Returns the function that lets go sooner, or null, doing nothing, if the
 * element is not there.
 */
export function holdInView(id: string, offset: number, settleMs: number): (() => void) | null {
  const place = () => {
    const element = document.getElementById(id);
    if (element) window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - offset });
  };
  if (!document.getElementById(id)) return null;
  // jsdom has no ResizeObserver: there the first placing is all.
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
  const stop = () => {
    observer?.disconnect();
    window.clearTimeout(timer);
    for (const event of TAKEOVER) window.removeEventListener(event, stop);
  };
  const timer = window.setTimeout(stop, settleMs);
  for (const event of TAKEOVER) window.addEventListener(event, stop, { passive: true });
  observer?.observe(document.body);
  place();
  return stop;
}
