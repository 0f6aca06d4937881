import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { getDownloads } from '@proxy/contract/api/versions';
import { formatFileSize } from '@proxy/contract/file-size';
import type { PageLoaderArgs } from '@proxy/contract/remote';
import type { Downloads } from '@proxy/contract/schemas/versions';
import { useDownloadsT } from './i18n/use-downloads-t.ts';
import { PlatformIcon } from './PlatformIcon.tsx';
import styles from './DownloadsPage.module.css';
import { useFormatDay } from '../format-day.ts';

type Release = Downloads[number];

/** The latest published stable release of each platform that has one, in the visitor's language. */
export function loadDownloads({ signal, api }: PageLoaderArgs): Promise<Downloads> {
  return getDownloads(api, signal);
}

/** `/downloads`: the apps to install — one card per platform with its file's facts, changelog and download link. */
export function DownloadsPage() {
  const releases = useLoaderData() as Downloads;
  const { t } = useDownloadsT();
  return (
    <section className={styles.page} aria-labelledby="downloads-title">
      <title>{t('title')}</title>
      <h1 id="downloads-title" className={styles.title}>
        {t('title')}
      </h1>
      <p className={styles.lead}>{t('lead')}</p>
      {releases.length === 0 ? (
        <p className={styles.empty} role="status">
          {t('empty')}
        </p>
      ) : (
        <ul className={styles.list}>
          {releases.map((release) => (
            <li key={release.platform}>
              <ReleaseCard release={release} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReleaseCard({ release }: { release: Release }) {
  const { t, language } = useDownloadsT();
  const platform = t(`platforms.${release.platform}`);
  const heading = `download-${release.platform}`;
  const released = useFormatDay()(new Date(`${release.released_at}T00:00:00Z`));
  return (
    <article className={styles.card} aria-labelledby={heading}>
      <header className={styles.head}>
        <span className={styles.icon}>
          <PlatformIcon platform={release.platform} />
        </span>
        <div>
          <h2 id={heading} className={styles.platform}>
            {platform}
          </h2>
          <p className={styles.version}>{t('version', { name: release.version_name })}</p>
        </div>
      </header>
      <dl className={styles.facts}>
        <dt>{t('released')}</dt>
        <dd>
          <time dateTime={release.released_at}>{released}</time>
        </dd>
        {release.size !== null && (
          <>
            <dt>{t('size')}</dt>
            <dd>{formatFileSize(release.size, language)}</dd>
          </>
        )}
        {release.sha256 && (
          <>
            <dt>{t('sha256')}</dt>
            <dd className={styles.hashRow}>
              <code className={styles.hash}>{release.sha256}</code>
              <CopyButton text={release.sha256} label={t('copyHash', { platform })} />
            </dd>
          </>
        )}
      </dl>
      {release.notes && (
        <div className={styles.notesBox}>
          <h3 className={styles.notesTitle}>{t('changes')}</h3>
          {/* Changelogs are sanitized by the server when saved (fixed allow-list), so they cannot carry script. */}
          <div className={styles.notes} dangerouslySetInnerHTML={{ __html: release.notes }} />
        </div>
      )}
      <a
        className={styles.button}
        href={release.url}
        download={release.file_name ?? undefined}
        rel={release.file_name ? undefined : 'noopener'}
      >
        {t('download', { platform })}
      </a>
    </article>
  );
}

/** Copies the hash to the clipboard and says so (an aria-live region, so screen readers hear it too). */
function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useDownloadsT();
  const [copied, setCopied] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.copy}
        aria-label={label}
        onClick={() => {
          void navigator.clipboard?.writeText(text).then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          });
        }}
      >
        {t('copy')}
      </button>
      <span className={styles.copied} aria-live="polite">
        {copied ? t('copied') : ''}
      </span>
    </>
  );
}
