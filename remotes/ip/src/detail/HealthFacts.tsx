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

/** What a refused "check now" says: the words, and the seconds left of the cooldown. */
const RefusalSchema = v.object({ detail: v.optional(v.string()), wait_seconds: v.optional(v.number()) });

/**
 * Whether the proxy works right now, by the agent's last check of its modem (a request through it every few minutes):
 * works or not, the latency and the address the check target saw, when; the share of ok checks in 24 hours; and
 * "Check now", once per `CHECK_COOLDOWN_SECONDS`. Rows of the connection card's facts.
 */
export function HealthFacts({ proxy, onChecked }: { proxy: Proxy; onChecked: (proxy: Proxy) => void }) {
  const { t, language } = useT();
  const { networkError } = useRequestMessages();
  const now = useNow();
  const [checking, setChecking] = useState(false);
  const [until, setUntil] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  // An API older than health checks sends no `health`: nothing to say, rather than "not checked yet".
  if (proxy.health === undefined) return null;
  const health = proxy.health;
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
          <span data-testid="health" className={health === null ? undefined : health.ok ? ui.ok : ui.warningText}>
            {health === null
              ? t('health.never')
              : [
                  health.ok ? t('health.works') : t('health.fails'),
                  health.ok && health.latency_ms !== null ? t('health.latency', { ms: health.latency_ms }) : null,
                  health.ok && health.ip ? t('health.seenAs', { ip: health.ip }) : null,
                  t('health.checkedAt', { time: formatDateTime(health.checked_at, language) }),
                ]
                  .filter((part) => part !== null)
                  .join(' · ')}
          </span>
          <button
            type="button"
            className={ui.smallButton}
            disabled={checking || wait > 0}
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
      {health !== null && (
        <div>
          <dt>{t('health.uptime')}</dt>
          <dd data-testid="uptime">
            {new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(health.uptime_24h)}
          </dd>
        </div>
      )}
    </>
  );
}
