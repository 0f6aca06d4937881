import { useState } from 'react';
import type { BlockData } from '@proxy/contract/schemas/blocks';
import { useT } from '../i18n/use-t.ts';
import { CmsImage } from './CmsImage.tsx';
import styles from './VideoBlock.module.css';
import { Section } from './Section.tsx';

/**
 * A self-hosted video behind its poster: nothing of the video downloads until the visitor presses play, and the
 * poster holds the 16:9 box so the page never shifts.
 */
export function VideoBlock({ data, anchor }: { data: BlockData<'video'>; anchor: string | null }) {
  const { t } = useT();
  const [playing, setPlaying] = useState(false);
  return (
    <Section anchor={anchor} title={data.title} lead={data.lead} tone="tinted">
      <div className={styles.frame}>
        {playing ? (
          <video className={styles.video} src={data.src} controls autoPlay playsInline aria-label={data.title} />
        ) : (
          <button type="button" className={styles.poster} onClick={() => setPlaying(true)}>
            <CmsImage image={data.poster} sizes="(min-width: 1000px) 960px, 100vw" className={styles.image} />
            <span className={styles.play} aria-hidden="true">
              <svg viewBox="0 0 24 24" width="28" height="28">
                <path d="M8 5v14l11-7z" fill="currentColor" />
              </svg>
            </span>
            <span className={styles.visuallyHidden}>{t('video.play', { title: data.title })}</span>
          </button>
        )}
      </div>
    </Section>
  );
}
