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
