import { HERO_IMAGE_SIZES } from '@proxy/contract/images';
import type { BlockData } from '@proxy/contract/schemas/blocks';
import { useT } from '../i18n/use-t.ts';
import { BlockLink } from './BlockLink.tsx';
import { CmsImage } from './CmsImage.tsx';
import styles from './HeroBlock.module.css';

export function HeroBlock({ data, anchor }: { data: BlockData<'hero'>; anchor: string | null }) {
  const { language } = useT();
  return (
    <section id={anchor ?? undefined} className={styles.hero}>
      <div className={data.image ? `${styles.inner} ${styles.withImage}` : styles.inner}>
        <div className={styles.text}>
          <h1 className={styles.title}>{data.title}</h1>
          {data.lead ? <p className={styles.lead}>{data.lead}</p> : null}
          {data.actions.length > 0 ? (
            <div className={styles.actions}>
              {data.actions.map((action, index) => (
                <BlockLink
                  key={action.link + action.label}
                  link={action.link}
                  language={language}
                  className={index === 0 ? styles.primary : styles.secondary}
                >
                  {action.label}
                </BlockLink>
              ))}
            </div>
          ) : null}
        </div>
        {data.image ? <CmsImage image={data.image} sizes={HERO_IMAGE_SIZES} className={styles.image} priority /> : null}
      </div>
    </section>
  );
}
