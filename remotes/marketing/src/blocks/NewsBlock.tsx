import type { BlockData } from '@proxy/contract/schemas/blocks';
import { useT } from '../i18n/use-t.ts';
import { BlockLink } from './BlockLink.tsx';
import styles from './blocks.module.css';
import { Section } from './Section.tsx';
import { useFormatDay } from '../format-day.ts';

/** News items; a linked item's title is the link, so every link says where it goes. */
export function NewsBlock({ data, anchor }: { data: BlockData<'news'>; anchor: string | null }) {
  const { language } = useT();
  const formatDay = useFormatDay();
  return (
    <Section anchor={anchor} title={data.title}>
      <ul className={styles.news}>
        {data.items.map((item) => (
          <li key={item.title + item.date} className={styles.newsItem}>
            <time className={styles.date} dateTime={item.date}>
              {formatDay(new Date(item.date))}
            </time>
            <h3 className={styles.cardTitle}>
              {item.link ? (
                <BlockLink link={item.link} language={language} className={styles.newsLink}>
                  {item.title}
                </BlockLink>
              ) : (
                item.title
              )}
            </h3>
            {item.summary ? <p className={styles.cardText}>{item.summary}</p> : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}
