import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { BlockData } from '@proxy/contract/schemas/blocks';
import styles from './TabsBlock.module.css';
import { CmsImage } from './CmsImage.tsx';
import { Section } from './Section.tsx';

/**
 * The tabbed product preview, following the WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs and
 * select them; only the selected tab is in the tab order. Every panel stays rendered (hidden), so switching is
 * instant and all the text is in the document.
 */
export function TabsBlock({ data, anchor }: { data: BlockData<'tabs'>; anchor: string | null }) {
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();
  const select = (index: number) => {
    const count = data.items.length;
    const next = (index + count) % count;
    setSelected(next);
    tabs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: data.items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };
  return (
    <Section anchor={anchor} title={data.title}>
      <div role="tablist" aria-label={data.title} className={styles.tablist} onKeyDown={onKeyDown}>
        {data.items.map((item, index) => (
          <button
            key={item.label}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-controls={`${id}-panel-${index}`}
            aria-selected={index === selected}
            tabIndex={index === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => setSelected(index)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {data.items.map((item, index) => (
        <div
          key={item.label}
          role="tabpanel"
          id={`${id}-panel-${index}`}
          aria-labelledby={`${id}-tab-${index}`}
          hidden={index !== selected}
          className={item.image ? `${styles.panel} ${styles.withImage}` : styles.panel}
        >
          <div>
            <h3 className={styles.title}>{item.title}</h3>
            {/* Sanitized by the server when saved (fixed allow-list). */}
            <div className={styles.text} dangerouslySetInnerHTML={{ __html: item.text }} />
          </div>
          {item.image ? (
            <CmsImage image={item.image} sizes="(min-width: 960px) 600px, 100vw" className={styles.image} />
          ) : null}
        </div>
      ))}
    </Section>
  );
}
