import type { AgentHostInput, AgentHostItem } from '@proxy/contract/schemas/farm';
import { FieldGrid, IntegerField, TextField } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';

/** The form's values: an emptied port is `null`. */
export interface HostValues {
  name: string;
  public_host: string;
  port_min: number | null;
  port_max: number | null;
}

/** A new host: the demo farm's range shape, a thousand ports (five hundred proxies, HTTP and SOCKS5 each). */
export const EMPTY_HOST: HostValues = { name: '', public_host: '', port_min: 30_000, port_max: 30_999 };

export const hostValues = (host: AgentHostItem): HostValues => ({
  name: host.name,
  public_host: host.public_host,
  port_min: host.port_min,
  port_max: host.port_max,
});

/** An emptied port as NaN, which the contract's schema refuses as required on its field. */
export const hostInput = (values: HostValues): AgentHostInput => ({
  ...values,
  port_min: values.port_min ?? Number.NaN,
  port_max: values.port_max ?? Number.NaN,
});

export function HostFields() {
  const { t } = useT();
  return (
    <>
      <FieldGrid>
        <TextField name="name" label={t('host.name')} help={t('host.nameHelp')} required maxLength={100} />
        <TextField
          name="public_host"
          label={t('host.publicHost')}
          help={t('host.publicHostHelp')}
          required
          maxLength={253}
        />
      </FieldGrid>
      <FieldGrid>
        <IntegerField
          name="port_min"
          label={t('host.portMin')}
          help={t('host.portsHelp')}
          required
          min={1024}
          max={65_535}
        />
        <IntegerField name="port_max" label={t('host.portMax')} required min={1024} max={65_535} />
      </FieldGrid>
    </>
  );
}
