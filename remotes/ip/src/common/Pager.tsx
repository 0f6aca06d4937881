import { useT } from '../i18n/use-t.ts';
import styles from './ui.module.css';

/** Previous / next through a paginated list, with where we are; nothing when it all fits on one page. */
export function Pager({
  page,
  count,
  pageSize,
  label,
  onPage,
}: {
  page: number;
  count: number;
  pageSize: number;
  /** What is paged, for the navigation landmark's name. */
  label: string;
  onPage: (page: number) => void;
}) {
  const { t } = useT();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('pager.label', { list: label })}>
      <button
        type="button"
        className={styles.secondaryButton}
        disabled={page <= 1}
        onClick={() => onPage(Math.min(page - 1, pages))}
      >
        {t('pager.previous')}
      </button>
      <span aria-live="polite">{t('pager.page', { page, pages })}</span>
      <button
        type="button"
        className={styles.secondaryButton}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('pager.next')}
      </button>
    </nav>
  );
}
