import { useState } from 'react';
import { Typography } from 'antd';
import { useLoaderData, useNavigate } from 'react-router';
import * as v from 'valibot';
import { deletePanelFarmModem, updatePanelFarmModem } from '@proxy/contract/api/panel-farm';
import { MODEM_PERMISSIONS } from '@proxy/contract/permissions';
import { paths } from '@proxy/contract/routes';
import { ModemInputSchema, type PanelModem } from '@proxy/contract/schemas/farm';
import { api } from '@proxy/contract/state';
import { DeleteButton, ResourceForm, SectionPage, useAbilities, useRunAction } from '@proxy/panel-kit';
import { formatMoment } from '../format.ts';
import { useT } from '../i18n/use-t.ts';
import { useFarmChoices } from './modem-resource.ts';
import { ModemFields, modemInput, modemValues, type ModemEditValues } from './ModemFields.tsx';
import { ModemService } from './ModemService.tsx';
import { ModemStatus } from './ModemStatus.tsx';
import styles from './modems.module.css';

/**
 * The edit form's schema: everything but maintenance, which the screen switches on its own — left in, the schema's
 * default (`false`) would take a modem out of maintenance on every save.
 */
const ModemEditSchema = v.omit(ModemInputSchema, ['maintenance']);
/**
 * `/panel/farm/modems/{id}`: the modem's state as its agent reports it (status, IP, last report and rotation, the
 * proxies on it), rotate now and maintenance, and its fields. Without the change permission everything is read-only.
 */
export function ModemEdit() {
  const data = useLoaderData() as PanelModem;
  // Another modem's screen (back and forward between two) starts afresh from its own data.
  return <ModemEditScreen key={data.id} loaded={data} />;
}

function ModemEditScreen({ loaded }: { loaded: PanelModem }) {
  const { t, language } = useT();
  const navigate = useNavigate();
  const runAction = useRunAction();
  const { canChange, canDelete } = useAbilities(MODEM_PERMISSIONS);
  const choices = useFarmChoices();
  const [modem, setModem] = useState(loaded);

  async function remove() {
    // A modem a proxy uses is refused (400 with a message, toasted): it can be put in maintenance instead.
    if ((await runAction(() => deletePanelFarmModem(api, modem.id), 'deleted')) !== undefined) {
      void navigate(paths.panelFarm(language));
    }
  }

  const moment = (iso: string | null) => (iso ? formatMoment(iso, language) : t('never'));
  return (
    <SectionPage
      title={
        <>
          {modem.name} <ModemStatus status={modem.status} />
        </>
      }
      back={{ href: paths.panelFarm(language), label: t('modem.back') }}
    >
      <h2 className={styles.heading}>{t('modem.state')}</h2>
      <dl className={styles.state}>
        <div>
          <dt>{t('modem.host')}</dt>
          <dd>{modem.host.name}</dd>
        </div>
        <div>
          <dt>{t('modem.ip')}</dt>
          <dd className={styles.ip}>{modem.ip ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('modem.checkedAt')}</dt>
          <dd>{moment(modem.checked_at)}</dd>
        </div>
        <div>
          <dt>{t('modem.lastRotation')}</dt>
          <dd>{moment(modem.last_rotation_at)}</dd>
        </div>
        <div>
          <dt>{t('modem.proxies')}</dt>
          <dd>
            {modem.proxies.length === 0
              ? t('modem.noProxies')
              : modem.proxies.map((proxy) => (
                  <span key={proxy.id} className={styles.email}>
                    {proxy.owner.email}
                  </span>
                ))}
          </dd>
        </div>
      </dl>
      {canChange && <ModemService modem={modem} onChange={setModem} />}
      <h2 className={styles.heading}>{t('modem.settings')}</h2>
      {!canChange && <Typography.Paragraph type="secondary">{t('modem.readOnly')}</Typography.Paragraph>}
      <ResourceForm<ModemEditValues, ReturnType<typeof modemInput<ModemEditValues>>, PanelModem>
        name={`modem-${modem.id}`}
        initialValues={modemValues(modem)}
        readOnly={!canChange}
        toInput={modemInput}
        schema={ModemEditSchema}
        send={(input) => updatePanelFarmModem(api, modem.id, input)}
        done="saved"
        onSaved={setModem}
        actions={
          canDelete && (
            <DeleteButton
              confirm={t('modems.deleteConfirm', { name: modem.name })}
              name={modem.name}
              onConfirm={remove}
            />
          )
        }
      >
        <ModemFields choices={choices} current={modem} withMaintenance={false} />
      </ResourceForm>
    </SectionPage>
  );
}
