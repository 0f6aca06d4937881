import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useKitT } from '../i18n/use-kit-t.ts';
import styles from './lists.module.css';

/**
 * A list's table, with a line above it saying that it scrolls sideways whenever it is wider than its box (a phone, a
 * narrow window): the columns past the edge are otherwise simply not there to the eye (#28). Measured, not guessed
 * from the width: a table that fits says nothing.
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
      setScrolls(scroller !== null && scroller.scrollWidth > scroller.clientWidth + 1);
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
