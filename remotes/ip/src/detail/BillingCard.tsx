import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@proxy/contract/routes';
import type { Proxy } from '@proxy/contract/schemas/proxies';
import { Card, formatDate, ui } from '@proxy/site-kit';
import { AutoRenewSwitch } from '../common/AutoRenewSwitch.tsx';
import { DaysLeft, StateBadge } from '../common/ProxyName.tsx';
import { RenewDialog } from '../common/RenewDialog.tsx';
import { useT } from '../i18n/use-t.ts';

/**
 * The proxy's term: when it ends, how many days are left, renewing it by hand, renewing it by itself — and handing it
 * (with that term) to another customer. A free trial's proxy cannot be handed over nor moved (#43): the card says so,
 * and why neither is offered, in place of the transfer link.
 */
export function BillingCard({
  proxy,
  onSaved,
  onRenewed,
}: {
  proxy: Proxy;
  onSaved: (proxy: Proxy) => void;
  onRenewed: () => void;
}) {
  const { t, language } = useT();
  const [renewing, setRenewing] = useState(false);
  return (
    <Card title={t('billing.title')}>
      <dl className={ui.facts}>
        <div>
          <dt>{t('billing.expires')}</dt>
          <dd>{formatDate(proxy.expires_at, language)}</dd>
        </div>
        <div>
          <dt>{t('billing.daysLeft')}</dt>
          <dd>
            <DaysLeft proxy={proxy} />
          </dd>
        </div>
        <div>
          <dt>{t('billing.state')}</dt>
          <dd>
            <StateBadge state={proxy.state} />
          </dd>
        </div>
        <div>
          <dt id="auto-renew-label">{t('billing.autoRenew')}</dt>
          <dd>
            <AutoRenewSwitch proxy={proxy} label={t('billing.autoRenew')} showState onSaved={onSaved} />
          </dd>
        </div>
      </dl>
      <p className={ui.muted}>{t('billing.autoRenewHelp')}</p>
      {proxy.trial && <p className={`${ui.notice} ${ui.noticeInfo}`}>{t('billing.trial')}</p>}
      <div className={ui.buttons}>
        <button type="button" className={ui.primaryButton} onClick={() => setRenewing(true)}>
          {t('billing.renew')}
        </button>
        {!proxy.trial && (
          <Link to={paths.ipTransfer(proxy.id, language)} className={ui.secondaryButton}>
            {t('billing.transfer')}
          </Link>
        )}
      </div>
      {renewing && <RenewDialog proxies={[proxy]} onClose={() => setRenewing(false)} onRenewed={onRenewed} />}
    </Card>
  );
}
