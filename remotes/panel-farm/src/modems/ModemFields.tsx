import { useEffect } from 'react';
import type { FarmChoices, PanelModem } from '@proxy/contract/schemas/farm';
import { FieldGrid, IntegerField, SelectField, SwitchField, TextField, useForm } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';

/** The form's values: no host chosen yet is `undefined`, an emptied capacity `null`. */
export interface ModemValues {
  host: number | undefined;
  name: string;
  key: string;
  country: string;
  city: string;
  /** The city's Russian name: one per city, shown on every Russian page of its proxies (#28). */
  city_ru: string;
  operator: string;
  /** The operator's Russian name in the modem's country: one per operator and country (#49). */
  operator_ru: string;
  capacity: number | null;
  notes: string;
  maintenance: boolean;
}

/** A new modem: for one private proxy, in service (its host is preselected when the farm has only one). */
export const EMPTY_MODEM: ModemValues = {
  host: undefined,
  name: '',
  key: '',
  country: '',
  city: '',
  city_ru: '',
  operator: '',
  operator_ru: '',
  capacity: 1,
  notes: '',
  maintenance: false,
};

/** The edit form's values: maintenance is switched apart from the form on that screen. */
export type ModemEditValues = Omit<ModemValues, 'maintenance'>;

export const modemValues = (modem: PanelModem): ModemEditValues => ({
  host: modem.host.id,
  name: modem.name,
  key: modem.key,
  country: modem.country,
  city: modem.city,
  city_ru: modem.city_ru ?? '',
  operator: modem.operator,
  operator_ru: modem.operator_ru ?? '',
  capacity: modem.capacity,
  notes: modem.notes,
});

/** The request: an unset host or capacity as NaN, which the contract's schema refuses as required on its field. */
export const modemInput = <V extends ModemEditValues>(values: V) => ({
  ...values,
  host: values.host ?? Number.NaN,
  capacity: values.capacity ?? Number.NaN,
});

/**
 * A modem's fields (create and edit): its host (from `/choices/`, plus the modem's own in case the choices have not
 * arrived), name and driver key, where it is and whose SIM, capacity and notes. The maintenance switch is the create
 * form's: on the edit screen it is an action of its own, applied at once.
 */
export function ModemFields({
  choices,
  current,
  withMaintenance,
}: {
  choices: FarmChoices;
  current?: PanelModem;
  withMaintenance: boolean;
}) {
  const { t } = useT();
  const form = useForm<ModemEditValues>();
  const only = choices.hosts.length === 1 ? choices.hosts[0]?.id : undefined;
  // The choices arrive after the form is on screen: a new modem on a one-host farm gets that host, unless one was
  // chosen meanwhile.
  useEffect(() => {
    if (!current && only !== undefined && form.getState().values.host === undefined) form.change('host', only);
  }, [current, only, form]);
  const hosts = new Map(choices.hosts.map((host) => [host.id, host.name]));
  if (current && !hosts.has(current.host.id)) hosts.set(current.host.id, current.host.name);
  return (
    <>
      <FieldGrid>
        <SelectField
          name="host"
          label={t('modem.host')}
          help={t('modem.hostHelp')}
          required
          options={[...hosts].map(([value, label]) => ({ value, label }))}
        />
        <TextField name="name" label={t('modem.name')} help={t('modem.nameHelp')} required maxLength={100} />
        <TextField name="key" label={t('modem.key')} help={t('modem.keyHelp')} required maxLength={64} />
      </FieldGrid>
      <FieldGrid>
        <TextField name="country" label={t('modem.country')} help={t('modem.countryHelp')} required maxLength={2} />
        <TextField name="city" label={t('modem.city')} help={t('modem.cityHelp')} required maxLength={100} />
        <TextField name="city_ru" label={t('modem.cityRu')} help={t('modem.cityRuHelp')} required maxLength={100} />
      </FieldGrid>
      <FieldGrid>
        <TextField
          name="operator"
          label={t('modem.operator')}
          help={t('modem.operatorHelp')}
          required
          maxLength={100}
        />
        <TextField
          name="operator_ru"
          label={t('modem.operatorRu')}
          help={t('modem.operatorRuHelp')}
          required
          maxLength={100}
        />
      </FieldGrid>
      <FieldGrid>
        <IntegerField
          name="capacity"
          label={t('modem.capacity')}
          help={t('modem.capacityHelp')}
          required
          min={1}
          max={100}
        />
        {withMaintenance && (
          <SwitchField name="maintenance" label={t('modem.maintenance')} help={t('modem.maintenanceHelp')} />
        )}
      </FieldGrid>
      <TextField
        name="notes"
        label={t('modem.notes')}
        help={t('modem.notesHelp')}
        rows={{ min: 2, max: 6 }}
        maxLength={1000}
      />
    </>
  );
}
