import { useKitT } from './i18n/use-kit-t.ts';
import ui from './ui.module.css';

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
  const { t } = useKitT();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className={ui.pager} aria-label={t('pager.label', { list: label })}>
      <button
        type="button"
        className={ui.secondaryButton}
        disabled={page <= 1}
        // A page past the end (the list shrank) steps back to the last one there is.
        onClick={() => onPage(Math.min(page - 1, pages))}
      >
        {t('pager.previous')}
      </button>
      <span aria-live="polite">{t('pager.page', { page, pages })}</span>
      <button type="button" className={ui.secondaryButton} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
