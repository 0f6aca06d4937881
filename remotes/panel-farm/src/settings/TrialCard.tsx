import { Card, Checkbox, Form } from 'antd';
import { getTrialSettings, saveTrialSettings } from '@proxy/contract/api/panel-farm-settings';
import { cityName, countryName, operatorName } from '@proxy/contract/countries';
import type { Language } from '@proxy/contract/languages';
import { MODEM_PERMISSIONS } from '@proxy/contract/permissions';
import {
  TRIAL_MINUTES_MAX,
  TRIAL_MINUTES_MIN,
  type TrialPlace,
  type TrialSettings,
  type TrialSettingsInput,
  TrialSettingsInputSchema,
} from '@proxy/contract/schemas/trial';
import { api } from '@proxy/contract/state';
import {
  FieldGrid,
  IntegerField,
  ResourceForm,
  SwitchField,
  useAbilities,
  useField,
  useFormMeta,
} from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { Changed } from './Changed.tsx';
import { useSettings } from './use-settings.ts';
import styles from './settings.module.css';

interface Values {
  readonly enabled: boolean;
  readonly minutes: number;
  /** The chosen places as `placeKey`s. */
  readonly places: readonly string[];
  readonly per_address_per_day: number;
  readonly min_free_stock: number;
}

const placeKey = (place: TrialPlace) => JSON.stringify([place.country, place.city, place.operator]);
const placeOf = (key: string): TrialPlace => {
  const [country, city, operator] = JSON.parse(key) as [string, string, string];
  return { country, city, operator };
};

const placeLabel = (place: TrialSettings['place_choices'][number], language: Language) =>
  `${countryName(place.country, language)} · ${cityName(place, language)} · ${operatorName(place, language)}`;

/**
 * The free trial's terms (#29): on or off, how long, where (exact places: country, city and operator, from the places
 * the farm has modems in), how many trials one client address may take in 24 hours, and the fewest free modems a
 * place keeps (below it, no trial there). Read-only without the farm's change permission.
 */
export function TrialCard() {
  const { t } = useT();
  const { canChange } = useAbilities(MODEM_PERMISSIONS);
  const { value: settings, setValue, failed } = useSettings(getTrialSettings);
  return (
    <Card title={t('settings.trial.title')}>
      {settings ? (
        <>
          <Changed by={settings.changed_by} at={settings.changed_at} />
          <ResourceForm<Values, TrialSettingsInput, TrialSettings>
            name="trial"
            initialValues={{
              enabled: settings.enabled,
              minutes: settings.minutes,
              places: settings.places.map(placeKey),
              per_address_per_day: settings.per_address_per_day,
              min_free_stock: settings.min_free_stock,
            }}
            readOnly={!canChange}
            schema={TrialSettingsInputSchema}
            toInput={(values) => ({ ...values, places: values.places.map(placeOf) })}
            send={(input) => saveTrialSettings(api, input)}
            done="saved"
            onSaved={setValue}
          >
            <SwitchField name="enabled" label={t('settings.trial.enabled')} help={t('settings.trial.enabledHelp')} />
            <FieldGrid>
              <IntegerField
                name="minutes"
                label={t('settings.trial.minutes')}
                min={TRIAL_MINUTES_MIN}
                max={TRIAL_MINUTES_MAX}
                help={t('settings.trial.minutesHelp', { min: TRIAL_MINUTES_MIN, max: TRIAL_MINUTES_MAX })}
              />
              <IntegerField name="per_address_per_day" label={t('settings.trial.perAddress')} min={1} max={1000} />
              <IntegerField
                name="min_free_stock"
                label={t('settings.trial.minFree')}
                min={1}
                max={10_000}
                help={t('settings.trial.minFreeHelp')}
              />
            </FieldGrid>
            <PlacesField choices={settings.place_choices} />
          </ResourceForm>
        </>
      ) : (
        <p>{failed ? t('settings.loadFailed') : t('settings.loading')}</p>
      )}
    </Card>
  );
}

/** The places to offer trials in: a checkbox per place the farm has modems in. */
function PlacesField({ choices }: { choices: TrialSettings['place_choices'] }) {
  const { t, language } = useT();
  const { name: form, readOnly } = useFormMeta();
  const { input, meta } = useField<readonly string[]>('places', {
    subscription: { value: true, submitError: true, dirtySinceLastSubmit: true },
  });
  const error = meta.dirtySinceLastSubmit ? undefined : (meta.submitError as string | undefined);
  const id = `${form}_places`;
  return (
    <Form.Item
      label={<span id={id}>{t('settings.trial.places')}</span>}
      validateStatus={error ? 'error' : undefined}
      help={error ? <span id={`${id}-error`}>{error}</span> : undefined}
      extra={choices.length === 0 ? t('settings.trial.noPlaces') : t('settings.trial.placesHelp')}
    >
      <Checkbox.Group
        aria-labelledby={id}
        className={styles.places}
        disabled={readOnly}
        value={[...(input.value ?? [])]}
        onChange={(keys) => input.onChange(keys as string[])}
        options={choices.map((place) => ({ value: placeKey(place), label: placeLabel(place, language) }))}
      />
    </Form.Item>
  );
}
