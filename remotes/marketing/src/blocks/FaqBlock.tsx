import type { BlockData } from '@proxy/contract/schemas/blocks';
import styles from './blocks.module.css';
import { Section } from './Section.tsx';

/** The FAQ accordion: native <details>, so it works before any script runs and costs no JavaScript. */
export function FaqBlock({ data, anchor }: { data: BlockData<'faq'>; anchor: string | null }) {
  return (
    <Section anchor={anchor} title={data.title} tone="tinted">
      <div className={styles.faq}>
        {data.items.map((item) => (
          <details key={item.question} className={styles.question}>
            <summary className={styles.summary}>{item.question}</summary>
            {/* Sanitized by the server when saved (fixed allow-list). */}
            <div className={styles.answer} dangerouslySetInnerHTML={{ __html: item.answer }} />
          </details>
        ))}
      </div>
    </Section>
  );
}
