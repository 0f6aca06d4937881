import { useNavigate } from 'react-router';
import { createPanelFarmModem } from '@proxy/contract/api/panel-farm';
import { paths } from '@proxy/contract/routes';
import { type ModemInput, ModemInputSchema, type PanelModem } from '@proxy/contract/schemas/farm';
import { api } from '@proxy/contract/state';
import { ResourceForm, SectionPage } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { useFarmChoices } from './modem-resource.ts';
import { EMPTY_MODEM, ModemFields, modemInput, type ModemValues } from './ModemFields.tsx';

/** `/panel/farm/modems/add`: a new modem on a host; once saved, its edit screen opens (its state, rotate now). */
export function ModemCreate() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const choices = useFarmChoices();
  return (
    <SectionPage title={t('modem.createTitle')} back={{ href: paths.panelFarm(language), label: t('modem.back') }}>
      <ResourceForm<ModemValues, ModemInput, PanelModem>
        name="modem-create"
        initialValues={EMPTY_MODEM}
        readOnly={false}
        toInput={modemInput}
        schema={ModemInputSchema}
        send={(input) => createPanelFarmModem(api, input)}
        done="created"
        onSaved={(modem) => void navigate(paths.panelFarmModemEdit(modem.id, language))}
      >
        <ModemFields choices={choices} withMaintenance />
      </ResourceForm>
    </SectionPage>
  );
}
