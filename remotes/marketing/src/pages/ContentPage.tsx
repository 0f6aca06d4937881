import { Link, useLoaderData } from 'react-router';
import { getPage, listPages } from '@proxy/contract/api/pages';
import type { PageLoaderArgs } from '@proxy/contract/remote';
import { paths } from '@proxy/contract/routes';
import type { PageSummary, PublicPage } from '@proxy/contract/schemas/page';
import { pageBlockKey, siteNameAtom, takeBlockAtom, useAtomValue } from '@proxy/contract/state';
import { documentTitle } from '@proxy/contract/titles';
import { Blocks } from '../blocks/Blocks.tsx';
import { useT } from '../i18n/use-t.ts';
import styles from './ContentPage.module.css';
import { useFormatDay } from '../format-day.ts';

type ContentData = { kind: 'page'; page: PublicPage } | { kind: 'index'; pages: readonly PageSummary[] };

/** `/{id}` and `/page/{id}` show one page; `/page` lists them. An unknown slug is the API's 404 → the 404 page. */
export async function loadContentPage({ params, signal, language, store, api }: PageLoaderArgs): Promise<ContentData> {
  if (!params.id) return { kind: 'index', pages: (await listPages(api, signal)).results };
  // The server embeds the page it rendered the document for, as it does the home page.
  const embedded = store.set(takeBlockAtom, pageBlockKey(params.id, language));
  if (embedded) return { kind: 'page', page: embedded as PublicPage };
  return { kind: 'page', page: await getPage(api, params.id, signal) };
}

export function ContentPage() {
  const data = useLoaderData() as ContentData;
  return data.kind === 'page' ? <PageView page={data.page} /> : <PageIndex pages={data.pages} />;
}

function PageView({ page }: { page: PublicPage }) {
  const { t } = useT();
  const siteName = useAtomValue(siteNameAtom);
  const updated = useFormatDay()(new Date(page.updated_at));
  return (
    <>
      <article className={styles.article}>
        {/* React hoists it into <head>, in front of the shell's brand title: the same title the server gives a reload. */}
        <title>{documentTitle(siteName, page)}</title>
        {page.draft && (
          <p className={styles.draft} role="status">
            {t('pages.draft')}
          </p>
        )}
        <h1 className={styles.title}>{page.title}</h1>
        <p className={styles.meta}>{t('pages.updated', { date: updated })}</p>
        {/* Page bodies are sanitized by the server when saved (fixed allow-list), so they cannot carry script. */}
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: page.body }} />
      </article>
      {/* A content page may be built of blocks too, after its body. */}
      {page.blocks.length > 0 ? <Blocks blocks={page.blocks} plans={page.plans} /> : null}
    </>
  );
}

function PageIndex({ pages }: { pages: readonly PageSummary[] }) {
  const { t, language } = useT();
  return (
    <section className={styles.article}>
      <h1 className={styles.title}>{t('pages.title')}</h1>
      <p className={styles.lead}>{t('pages.lead')}</p>
      {pages.length === 0 ? (
        <p>{t('pages.empty')}</p>
      ) : (
        <ul className={styles.index}>
          {pages.map((page) => (
            <li key={page.slug}>
              <Link to={paths.contentPage(page.slug, language)} className={styles.card}>
                <span className={styles.cardTitle}>{page.title}</span>
                <span className={styles.cardText}>{page.seo_description}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
