import { useState } from 'react';
import { checkProxy } from '@proxy/contract/api/proxies';
import { ApiError, NetworkError } from '@proxy/contract/api/errors';
import { CHECK_COOLDOWN_SECONDS, type Proxy } from '@proxy/contract/schemas/proxies';
import { api } from '@proxy/contract/state';
import { formatDateTime, ui, useRequestMessages } from '@proxy/site-kit';
import * as v from 'valibot';
import { formatCountdown } from '../common/format.ts';
import { useNow } from '../common/use-now.ts';
import { useT } from '../i18n/use-t.ts';
import type { ProxyView } from './proxy-state.ts';

/** What a refused "check now" says: the words, and the seconds left of the cooldown. */
const RefusalSchema = v.object({ detail: v.optional(v.string()), wait_seconds: v.optional(v.number()) });

/**
 * Whether the proxy works right now, by the agent's last check of its modem (a request through it every few minutes):
 * works or not, the latency and the address the check target saw (while it is still the proxy's), when; while the IP
 * changes, the modem reboots or is offline, that instead (#49); the share of ok checks in 24 hours; and "Check now",
 * once per `CHECK_COOLDOWN_SECONDS`. Rows of the connection card's facts.
 */
export function HealthFacts({
  proxy,
  view,
  onChecked,
}: {
  proxy: Proxy;
  view: ProxyView;
  onChecked: (proxy: Proxy) => void;
}) {
  const { t, language } = useT();
  const { networkError } = useRequestMessages();
  const now = useNow();
  const [checking, setChecking] = useState(false);
  const [until, setUntil] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  // An API older than health checks sends no `health`: nothing to say, rather than "not checked yet".
  const line = view.health;
  if (line === null) return null;
  const wait = Math.max(0, Math.ceil((until - now) / 1000));

  const check = async () => {
    setChecking(true);
    setProblem(null);
    try {
      onChecked(await checkProxy(api, proxy.id));
      setUntil(Date.now() + CHECK_COOLDOWN_SECONDS * 1000);
    } catch (error) {
      const body = error instanceof ApiError ? v.safeParse(RefusalSchema, error.body) : null;
      const refusal = body?.success ? body.output : undefined;
      if (refusal?.wait_seconds !== undefined) setUntil(Date.now() + refusal.wait_seconds * 1000);
      else setProblem(refusal?.detail ?? (error instanceof NetworkError ? networkError : t('health.failed')));
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <div>
        <dt>{t('health.title')}</dt>
        <dd>
          <span
            data-testid="health"
            className={
              line.kind === 'checked'
                ? line.ok
                  ? ui.ok
                  : ui.warningText
                : line.kind === 'offline'
                  ? ui.warningText
                  : undefined
            }
          >
            {line.kind === 'checked'
              ? [
                  line.ok ? t('health.works') : t('health.fails'),
                  line.latencyMs !== null ? t('health.latency', { ms: line.latencyMs }) : null,
                  line.seenIp ? t('health.seenAs', { ip: line.seenIp }) : null,
                  t('health.checkedAt', { time: formatDateTime(line.checkedAt, language) }),
                ]
                  .filter((part) => part !== null)
                  .join(' · ')
              : t(`health.${line.kind}`)}
          </span>
          <button
            type="button"
            className={ui.smallButton}
            disabled={checking || wait > 0 || view.phase === 'rotating' || view.phase === 'rebooting'}
            aria-busy={checking}
            aria-describedby="check-cooldown"
            onClick={() => void check()}
          >
            {checking ? t('health.checking') : t('health.checkNow')}
          </button>
          <span id="check-cooldown" className={ui.muted}>
            {wait > 0 && !checking ? t('rotate.availableIn', { time: formatCountdown(wait) }) : ''}
          </span>
          <span role="status" className={problem ? ui.warningText : ui.visuallyHidden}>
            {problem ?? ''}
          </span>
        </dd>
      </div>
      {view.uptime !== null && (
        <div>
          <dt>{t('health.uptime')}</dt>
          <dd data-testid="uptime">
            {new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(view.uptime)}
          </dd>
        </div>
      )}
    </>
  );
}
