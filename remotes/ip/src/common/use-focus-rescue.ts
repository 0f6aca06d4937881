import { useEffect, useRef, type RefObject } from 'react';

/**
 * Focus that was inside `area` and went away with the element holding it lands on `fallback` instead of the page's
 * body (#49): a row a renewal took out of a filtered list, the bulk bar a renewal of the selection cleared, a dialog
 * whose opener is gone. From the body, the next Tab starts at the top of the page again. A browser removing or
 * disabling the focused element fires a focusout with no next target, or none at all, so both are watched: after
 * every render of the owner, and a moment after such a focusout. Focus the customer takes elsewhere (a click on the
 * page's background, which also leaves no next target) is theirs: it is left alone.
 */
export function useFocusRescue(area: RefObject<HTMLElement | null>, fallback: RefObject<HTMLElement | null>): void {
  const inside = useRef(false);
  const rescue = () => {
    if (!inside.current) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    // Does nothing while a modal dialog makes the rest of the page inert: the render that closes it tries again.
    fallback.current?.focus({ preventScroll: true });
  };
  useEffect(() => {
    const element = area.current;
    if (!element) return;
    let pointed = false;
    const point = () => {
      pointed = true;
      setTimeout(() => (pointed = false));
    };
    const enter = () => {
      inside.current = true;
    };
    const leave = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node) inside.current = element.contains(next);
      else if (pointed) inside.current = false;
      else setTimeout(rescue);
    };
    document.addEventListener('pointerdown', point, true);
    element.addEventListener('focusin', enter);
    element.addEventListener('focusout', leave);
    return () => {
      document.removeEventListener('pointerdown', point, true);
      element.removeEventListener('focusin', enter);
      element.removeEventListener('focusout', leave);
    };
  });
  useEffect(rescue);
}
