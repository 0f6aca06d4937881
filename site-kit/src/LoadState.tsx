import { useKitT } from './i18n/use-kit-t.ts';
import type { Loaded } from './use-loaded.ts';
import ui from './ui.module.css';

/**
 * What a loaded part of a page says instead of its content: "Loading…" the first time, the failure with "Try again",
 * or that there is nothing (`empty`); nothing once there is something to show. `loadingText` and `failedText` name
 * what is loaded where the kit's general words would be vague.
 */
export function LoadState({
  loaded,
  empty,
  loadingText,
  failedText,
}: {
  loaded: Pick<Loaded<unknown>, 'data' | 'failed' | 'retry'>;
  empty?: string | undefined;
  loadingText?: string;
  failedText?: string;
}) {
  const { t } = useKitT();
  if (loaded.failed) {
    return (
      <p className={ui.note} role="alert">
        <span>{failedText ?? t('loadFailed')}</span>
        <button type="button" className={ui.linkButton} onClick={loaded.retry}>
          {t('retry')}
        </button>
      </p>
    );
  }
  if (loaded.data === undefined) return <Loading text={loadingText} />;
  return empty ? <p className={ui.note}>{empty}</p> : null;
}

/** "Loading…" (or `text`), announced politely: LoadState's first state, and a lazy page's Suspense fallback. */
export function Loading({ text }: { text?: string | undefined }) {
  const { t } = useKitT();
  return (
    <p className={ui.note} role="status">
      {text ?? t('loading')}
    </p>
  );
}
