import type { ReactNode } from 'react';
import { HERO_IMAGE_SIZES } from '@proxy/contract/images';
import type { BlockData } from '@proxy/contract/schemas/blocks';
import { useT } from '../i18n/use-t.ts';
import { BlockLink } from './BlockLink.tsx';
import { CmsImage } from './CmsImage.tsx';
import styles from './HeroBlock.module.css';

/**
 * The first screen: title, lead, actions and the picture; `children` (the home page's stock strip) go under them
 * across the whole width, and on narrow screens right under the text, before the picture, to stay on the first screen.
 */
export function HeroBlock({
  data,
  anchor,
  children,
}: {
  data: BlockData<'hero'>;
  anchor: string | null;
  children?: ReactNode;
}) {
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
        {children ? <div className={styles.extra}>{children}</div> : null}
        {data.image ? <CmsImage image={data.image} sizes={HERO_IMAGE_SIZES} className={styles.image} priority /> : null}
      </div>
    </section>
  );
}
