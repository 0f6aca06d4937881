import { Link, useLoaderData } from 'react-router';
import { getHome } from '@proxy/contract/api/pages';
import { ApiError } from '@proxy/contract/api/errors';
import { paths } from '@proxy/contract/routes';
import type { PublicPage } from '@proxy/contract/schemas/page';
import { api } from '@proxy/contract/state';
import { documentTitle } from '@proxy/contract/titles';
import { Blocks } from '../blocks/Blocks.tsx';
import { useT } from '../i18n/use-t.ts';
import styles from './HomePage.module.css';

/**
 * The home page: the content-managed blocks of the page staff marked as home. Without one (staff unpublished it, or
 * a database without demo content) visitors still get a welcoming page rather than a 404 at the site's front door.
 */
export async function loadHome({ signal }: { signal: AbortSignal }): Promise<PublicPage | null> {
  try {
    return await getHome(api, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function HomePage() {
  const page = useLoaderData() as PublicPage | null;
  if (!page || page.blocks.length === 0) return <FallbackHome />;
  return <HomeBlocks page={page} />;
}

function HomeBlocks({ page }: { page: PublicPage }) {
  const { language } = useT();
  return (
    <>
      {/* Hoisted into <head> ahead of the shell's brand title: the title the server gives the document. */}
      <title>{documentTitle(language, page)}</title>
      <Blocks blocks={page.blocks} plans={page.plans} />
    </>
  );
}

function FallbackHome() {
  const { t, language } = useT();
  return (
    <section className={styles.hero}>
      <div className={styles.heroInner}>
        <h1 className={styles.title}>{t('home.title')}</h1>
        <p className={styles.lead}>{t('home.lead')}</p>
        <Link to={paths.page('about', language)} className={styles.primary}>
          {t('home.ctaPrimary')}
        </Link>
      </div>
    </section>
  );
}
