import { useLoaderData } from 'react-router';
import { getHome } from '@proxy/contract/api/pages';
import { ApiError } from '@proxy/contract/api/errors';
import type { PublicPage } from '@proxy/contract/schemas/page';
import type { PageLoaderArgs } from '@proxy/contract/remote';
import { homeBlockKey, siteNameAtom, takeBlockAtom, useAtomValue } from '@proxy/contract/state';
import { documentTitle } from '@proxy/contract/titles';
import { Blocks } from '../blocks/Blocks.tsx';
import { HeroBlock } from '../blocks/HeroBlock.tsx';
import { useT } from '../i18n/use-t.ts';
import { StockStrip } from '../stock/StockStrip.tsx';
import stripStyles from '../stock/StockStrip.module.css';

/**
 * The home page: the content-managed blocks of the page staff marked as home. Without one (staff unpublished it, or
 * a database without demo content) visitors still get a welcoming page rather than a 404 at the site's front door.
 */
export async function loadHome({ signal, language, store, api }: PageLoaderArgs): Promise<PublicPage | null> {
  // The server embeds the home page it rendered the document for: the first visit needs no API round trip.
  const embedded = store.set(takeBlockAtom, homeBlockKey(language));
  if (embedded) return embedded as PublicPage;
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
  const siteName = useAtomValue(siteNameAtom);
  return (
    <>
      {/* Hoisted into <head> ahead of the shell's brand title: the title the server gives the document. */}
      <title>{documentTitle(siteName, page)}</title>
      {/* The strip belongs on the first screen: inside the hero, or on a band of its own above a page without one. */}
      {page.blocks.some((block) => block.type === 'hero') ? null : (
        <div className={stripStyles.band}>
          <StockStrip />
        </div>
      )}
      <Blocks blocks={page.blocks} plans={page.plans} heroExtra={<StockStrip />} />
    </>
  );
}

/** The first screen without the CMS: the hero block fed from the remote's own translations. */
function FallbackHome() {
  const { t } = useT();
  return (
    <HeroBlock
      anchor={null}
      data={{
        title: t('home.title'),
        lead: t('home.lead'),
        actions: [{ label: t('home.ctaPrimary'), link: '/about' }],
      }}
    >
      <StockStrip />
    </HeroBlock>
  );
}
