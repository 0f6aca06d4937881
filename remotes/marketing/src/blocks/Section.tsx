import { useId, type ReactNode } from 'react';
import styles from './blocks.module.css';

/** The frame every block but the hero shares: an anchorable section with a heading and an optional lead. */
export function Section({
  anchor,
  title,
  lead,
  tone = 'plain',
  children,
}: {
  anchor: string | null;
  title: string;
  lead?: string;
  tone?: 'plain' | 'tinted';
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={anchor ?? undefined}
      className={tone === 'tinted' ? `${styles.section} ${styles.tinted}` : styles.section}
      aria-labelledby={headingId}
    >
      <div className={styles.inner}>
        <h2 id={headingId} className={styles.heading}>
          {title}
        </h2>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}
