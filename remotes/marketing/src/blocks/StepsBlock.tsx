import type { BlockData } from '@proxy/contract/schemas/blocks';
import styles from './blocks.module.css';
import { Section } from './Section.tsx';

/** Numbered steps: an ordered list, so the numbers are the list's own and screen readers announce them. */
export function StepsBlock({ data, anchor }: { data: BlockData<'steps'>; anchor: string | null }) {
  return (
    <Section anchor={anchor} title={data.title} lead={data.lead} tone="tinted">
      <ol className={styles.steps}>
        {data.items.map((item) => (
          <li key={item.title} className={styles.step}>
            <h3 className={styles.cardTitle}>{item.title}</h3>
            <p className={styles.cardText}>{item.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
