import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useKitT } from '../i18n/use-kit-t.ts';
import styles from './lists.module.css';

/**
 * A list's table, with a line above it saying that it scrolls sideways whenever it is wider than its box (a phone, a
 * narrow window): the columns past the edge are otherwise simply not there to the eye (#28). Measured, not guessed
 * from the width: a table that fits says nothing. The scroller of a wide table takes focus, for the keyboard (#49).
 */
export function SideScroll({ children }: { children: ReactNode }) {
  const { t } = useKitT();
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    // jsdom has no ResizeObserver (and no layout): there nothing scrolls.
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const scroller = element.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
      const wide = scroller !== null && scroller.scrollWidth > scroller.clientWidth + 1;
      setScrolls(wide);
      if (!scroller) return;
      // A table that scrolls is a stop of the Tab order, so the keyboard scrolls it too (arrow keys) even when no
      // cell holds a link; named as a region, a screen reader says what it is.
      if (wide) {
        scroller.tabIndex = 0;
        scroller.setAttribute('role', 'region');
        scroller.setAttribute('aria-label', t('list.scrollRegion'));
      } else {
        scroller.removeAttribute('tabindex');
        scroller.removeAttribute('role');
        scroller.removeAttribute('aria-label');
      }
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // Rows arriving widen the table inside an unchanged box.
    const table = element.querySelector('table');
    if (table) observer.observe(table);
    measure();
    return () => observer.disconnect();
  });
  return (
    <div ref={box}>
      {scrolls && (
        <p className={styles.scrollHint} aria-hidden="true">
          {t('list.scrollHint')}
        </p>
      )}
      {children}
    </div>
  );
}
