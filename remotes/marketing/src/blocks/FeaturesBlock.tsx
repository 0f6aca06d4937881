import type { BlockData } from '@proxy/contract/schemas/blocks';
import styles from './blocks.module.css';
import { FeatureIcon } from './FeatureIcon.tsx';
import { Section } from './Section.tsx';

export function FeaturesBlock({ data, anchor }: { data: BlockData<'features'>; anchor: string | null }) {
  return (
    <Section anchor={anchor} title={data.title} lead={data.lead}>
      <ul className={styles.cards}>
        {data.items.map((item) => (
          <li key={item.title} className={styles.card}>
            <FeatureIcon name={item.icon} className={styles.icon} />
            <h3 className={styles.cardTitle}>{item.title}</h3>
            <p className={styles.cardText}>{item.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
