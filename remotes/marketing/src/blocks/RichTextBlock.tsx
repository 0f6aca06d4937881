import type { BlockData } from '@proxy/contract/schemas/blocks';
import styles from './blocks.module.css';

export function RichTextBlock({ data, anchor }: { data: BlockData<'richtext'>; anchor: string | null }) {
  return (
    <section id={anchor ?? undefined} className={styles.section}>
      {/* Sanitized by the server when saved (fixed allow-list), so it cannot carry script. */}
      <div className={styles.inner}>
        <div className={styles.prose} dangerouslySetInnerHTML={{ __html: data.html }} />
      </div>
    </section>
  );
}
