import type { FarmModemStatus } from '@proxy/contract/schemas/farm';
import { StatusTag } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';

const TONES: Readonly<Record<FarmModemStatus, 'on' | 'highlight' | undefined>> = {
  online: 'on',
  maintenance: 'highlight',
  offline: undefined,
};

/** A modem's status as its tag: online (as the agent reports it), offline, or staff's maintenance. */
export function ModemStatus({ status }: { status: FarmModemStatus }) {
  const { t } = useT();
  return <StatusTag tone={TONES[status]}>{t(`statuses.${status}`)}</StatusTag>;
}
