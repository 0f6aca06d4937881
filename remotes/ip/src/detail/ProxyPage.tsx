import { Link, useLoaderData } from 'react-router';
import { operatorName } from '@proxy/contract/countries';
import { getProxy } from '@proxy/contract/api/proxies';
import type { PageLoaderArgs } from '@proxy/contract/remote';
import { paths } from '@proxy/contract/routes';
import { MAX_ID } from '@proxy/contract/schemas/fields';
import type { Proxy } from '@proxy/contract/schemas/proxies';
import { api, siteNameAtom, useAtomValue } from '@proxy/contract/state';
import { screenTitle } from '@proxy/contract/titles';
import { ui, useProxyName } from '@proxy/site-kit';
import { OfflineNotice, OnlineDot, Place, StateBadge, TrialBadge } from '../common/ProxyName.tsx';
import { useT } from '../i18n/use-t.ts';
import { BillingCard } from './BillingCard.tsx';
import { CommentCard } from './CommentCard.tsx';
import { ConnectionCard } from './ConnectionCard.tsx';
import { MoveControl } from './MoveControl.tsx';
import { ReplaceControl } from './ReplaceControl.tsx';
import { RotationCard } from './RotationCard.tsx';
import { TrafficCard } from './TrafficCard.tsx';
import { useProxyState } from './use-proxy-state.ts';
import styles from './ProxyPage.module.css';

/** `/ip/{id}`: only a positive whole number within the database's integer is an id; anything else is the 404 page. */
export function validateProxyPage({ params }: PageLoaderArgs): boolean {
  const id = params.id ?? '';
  return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= MAX_ID;
}

/** The proxy, before the page renders; the API's 404 (someone else's proxy, or none) becomes the 404 page. */
export function loadProxyPage({ params, signal }: PageLoaderArgs): Promise<Proxy> {
  return getProxy(api, Number(params.id), signal);
}

/**
 * `/ip/{id}` — one proxy: how to connect (credentials, whitelist, ready strings), changing its IP, its traffic,
 * its term and its comment. Every change answers the whole proxy, which replaces the one on screen; one state derived
 * from it (`proxyView`) drives every card, so the header, the health line, the IP and the buttons never disagree.
 */
export function ProxyPage() {
  const loaded = useLoaderData() as Proxy;
  const { t, language } = useT();
  const title = useProxyName();
  const siteName = useAtomValue(siteNameAtom);
  const { proxy, view, changes, save, reload, rotate, reboot } = useProxyState(loaded);

  return (
    <article className={ui.page} aria-labelledby="proxy-title">
      {/* The tab says which proxy, in front of the route's generic "Proxy" (the shell's). */}
      <title>{screenTitle(siteName, title(proxy))}</title>
      <Link to={paths.ipList(language)} className={ui.back}>
        {t('detail.back')}
      </Link>
      <header className={styles.header}>
        <h1 id="proxy-title" className={`${ui.pageTitle} ${styles.title}`}>
          <OnlineDot online={view.online} />
          <span>{title(proxy)}</span>
        </h1>
        <p className={styles.meta}>
          <StateBadge state={proxy.state} />
          <TrialBadge proxy={proxy} />
          <Place proxy={proxy} />
          <span>{operatorName(proxy, language)}</span>
          <OfflineNotice proxy={{ offline_since: view.offlineSince }} />
          {(view.phase === 'rotating' || view.phase === 'rebooting') && (
            <span role="status" className={`${ui.badge} ${ui.pending}`} data-testid="phase">
              {t(view.phase === 'rotating' ? 'proxy.rotating' : 'proxy.rebooting')}
            </span>
          )}
        </p>
        <div className={styles.actions}>
          <MoveControl proxy={proxy} onMoved={save} />
          <ReplaceControl proxy={proxy} onReplaced={save} />
        </div>
      </header>
      <div className={ui.grid}>
        <ConnectionCard proxy={proxy} view={view} onSaved={save} />
        <RotationCard proxy={proxy} view={view} changes={changes} onSaved={save} onRotate={rotate} onReboot={reboot} />
        <TrafficCard proxyId={proxy.id} />
        <BillingCard proxy={proxy} onSaved={save} onRenewed={() => void reload()} />
        <CommentCard proxy={proxy} onSaved={save} />
      </div>
    </article>
  );
}
