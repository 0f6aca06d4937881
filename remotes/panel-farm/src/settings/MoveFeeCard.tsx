import { Card } from 'antd';
import { getMoveSettings, saveMoveSettings } from '@proxy/contract/api/moves';
import { amountText, formatPrice, minorUnitsOf, type Currency } from '@proxy/contract/money';
import { MODEM_PERMISSIONS } from '@proxy/contract/permissions';
import { MOVE_FEE_MAX, MoveSettingsInputSchema, type MoveSettings } from '@proxy/contract/schemas/moves';
import { api } from '@proxy/contract/state';
import { MoneyField, ResourceForm, useAbilities } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { Changed } from './Changed.tsx';
import { useSettings } from './use-settings.ts';

/** The currency's sign as the language writes it (₽, $), for a field that takes an amount in major units. */
function currencySign(currency: Currency, language: string): string {
  const parts = new Intl.NumberFormat(language, { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/**
 * The fee a customer pays to move a proxy to a place another plan prices (#29); a move within the same plan is always
 * free. One amount in the site's currency, typed in major units; 0 makes every move free. Read-only without the
 * farm's change permission. Moves quoted from the save on take the new amount.
 */
export function MoveFeeCard() {
  const { t, language } = useT();
  const { canChange } = useAbilities(MODEM_PERMISSIONS);
  const { value: settings, setValue, failed } = useSettings(getMoveSettings);
  return (
    <Card title={t('settings.move.title')}>
      {settings ? (
        <>
          <Changed by={settings.changed_by} at={settings.changed_at} />
          <ResourceForm<{ fee: string }, { fee: number }, MoveSettings>
            name="move-fee"
            initialValues={{ fee: amountText(settings.fee, language) }}
            readOnly={!canChange}
            schema={MoveSettingsInputSchema}
            // Empty is NaN, which the schema refuses as required.
            toInput={(values) => ({ fee: minorUnitsOf(values.fee) ?? Number.NaN })}
            send={(input) => saveMoveSettings(api, input)}
            done="saved"
            onSaved={setValue}
          >
            <MoneyField
              name="fee"
              label={t('settings.move.fee', { currency: currencySign(settings.currency, language) })}
              currency={settings.currency}
              min={0}
              max={MOVE_FEE_MAX}
              help={t('settings.move.help', { now: formatPrice(settings.fee, settings.currency, language) })}
            />
          </ResourceForm>
        </>
      ) : (
        <p>{failed ? t('settings.loadFailed') : t('settings.loading')}</p>
      )}
    </Card>
  );
}
