import { useState } from 'react';
import { Button, Checkbox, Form, Space, Typography } from 'antd';
import * as v from 'valibot';
import { ASSET_INFO, CRYPTO_ASSETS, type CryptoAsset } from '@proxy/contract/assets';
import {
  MAX_AMOUNT,
  PAYMENT_KINDS,
  PAYMENT_PROVIDERS,
  PaymentMethodInputSchema,
  RATE_SOURCES,
  type RateSource,
  PAYMENT_SECRETS,
  type PanelPaymentMethod,
  type PaymentKind,
  type PaymentMethodInput,
  type PaymentProvider,
  type PaymentSecret,
} from '@proxy/contract/schemas/billing';
import type { BlockImage } from '@proxy/contract/schemas/blocks';
import type { Language } from '@proxy/contract/languages';
import { amountText, minorUnitsOf } from '@proxy/contract/money';
import {
  FieldGrid,
  ImageField,
  IntegerField,
  LanguageTabs,
  MoneyField,
  NumberField,
  RichTextField,
  SelectField,
  StatusTag,
  SwitchField,
  TextField,
  useField,
  useFormMeta,
  useLanguageTab,
} from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { currencySign, formatMoment, useSiteCurrency } from '../money.ts';
import styles from './methods.module.css';

/**
 * The form's values: money in major units (roubles, dollars) and the secrets as typed — empty keeps the stored
 * secret, since the API never sends one back.
 */
export interface MethodValues {
  code: string;
  name_ru: string;
  name_en: string;
  icon: Partial<BlockImage> | undefined;
  kind: PaymentKind;
  provider: PaymentProvider;
  settings: { address: string; server_url: string; store_id: string };
  secrets: Record<PaymentSecret, string>;
  /** As typed in major units; empty: none. */
  min_amount: string;
  /** As typed in major units; empty: no maximum of its own. */
  max_amount: string;
  fee_percent: number | null;
  /** '' is the site currency. */
  asset: CryptoAsset | '';
  /** Empty: the asset's default. */
  asset_decimals: number | null;
  rate_source: RateSource;
  /** staff: the rate as typed ('95.50'); empty removes it. */
  rate: string;
  /** The typed rate staff confirmed after the server refused it as too far from the current one ('' none). */
  rate_confirmed: string;
  rate_url: string;
  rate_path: string;
  rate_max_age_minutes: number | null;
  instructions_ru: string;
  instructions_en: string;
  active: boolean;
}

const NO_SECRETS: Record<PaymentSecret, string> = { api_key: '', webhook_secret: '' };

export const EMPTY_METHOD: MethodValues = {
  code: '',
  name_ru: '',
  name_en: '',
  icon: undefined,
  kind: 'crypto',
  provider: 'manual',
  settings: { address: '', server_url: '', store_id: '' },
  secrets: NO_SECRETS,
  min_amount: '',
  max_amount: '',
  fee_percent: 0,
  asset: '',
  asset_decimals: null,
  rate_source: 'staff',
  rate: '',
  rate_confirmed: '',
  rate_url: '',
  rate_path: '',
  rate_max_age_minutes: 1440,
  instructions_ru: '',
  instructions_en: '',
  active: true,
};

export const methodValues = (method: PanelPaymentMethod, language: Language): MethodValues => ({
  code: method.code,
  name_ru: method.name_ru,
  name_en: method.name_en,
  icon: method.icon ?? undefined,
  kind: method.kind,
  provider: method.provider,
  settings: { ...method.settings },
  secrets: NO_SECRETS,
  min_amount: amountText(method.min_amount, language),
  max_amount: method.max_amount === null ? '' : amountText(method.max_amount, language),
  fee_percent: method.fee_percent,
  asset: method.asset ?? '',
  asset_decimals: method.asset ? method.asset_decimals : null,
  rate_source: method.rate_source,
  rate: method.rate ?? '',
  rate_confirmed: '',
  rate_url: method.rate_url,
  rate_path: method.rate_path,
  rate_max_age_minutes: method.rate_max_age_minutes,
  instructions_ru: method.instructions_ru,
  instructions_en: method.instructions_en,
  active: method.active,
});

/**
 * The request: money in minor units, no icon as null, and only the secrets that change — a typed one replaces the
 * stored value, one marked for removal is sent as null, an empty one is left out (kept). A manual method sends none.
 */
export function methodInput(
  { rate_confirmed: confirmed, ...values }: MethodValues,
  removing: ReadonlySet<PaymentSecret>,
): PaymentMethodInput {
  const secrets: Partial<Record<PaymentSecret, string | null>> = {};
  if (values.provider !== 'manual') {
    for (const name of PAYMENT_SECRETS) {
      if (removing.has(name)) secrets[name] = null;
      else if (values.secrets[name]) secrets[name] = values.secrets[name];
    }
  }
  return {
    ...values,
    icon: typeof values.icon?.id === 'number' ? (values.icon as BlockImage) : null,
    secrets,
    min_amount: minorUnitsOf(values.min_amount) ?? 0,
    max_amount: minorUnitsOf(values.max_amount),
    fee_percent: values.fee_percent ?? 0,
    // Only a manual method asks for an asset (a gateway converts by itself): a hidden choice is not sent.
    asset: values.provider === 'manual' ? values.asset || null : null,
    asset_decimals: values.asset && values.asset_decimals !== null ? values.asset_decimals : undefined,
    // A provider's rate is the job's to write; a staff rate typed empty is removed (the method waits for one).
    rate: values.asset && values.rate_source === 'staff' ? values.rate.trim() || null : undefined,
    // Confirmed is the value on screen, not whatever was ticked before the rate was typed again.
    confirm_rate: confirmed !== '' && confirmed === values.rate.trim() ? true : undefined,
    rate_max_age_minutes: values.rate_max_age_minutes ?? Number.NaN,
  };
}

/**
 * What a method form keeps beside final-form: the language tab (switched to the first error's), the provider
 * chosen (its fields follow it) and the secrets marked for removal.
 */
export function useMethodForm(method: PanelPaymentMethod | null) {
  const [provider, setProvider] = useState<PaymentProvider>(method?.provider ?? EMPTY_METHOD.provider);
  const [asset, setAsset] = useState<CryptoAsset | ''>(method?.asset ?? '');
  const [rateSource, setRateSource] = useState<RateSource>(method?.rate_source ?? 'staff');
  const [removing, setRemoving] = useState<ReadonlySet<PaymentSecret>>(new Set());
  return {
    ...useLanguageTab(),
    provider,
    setProvider,
    asset,
    setAsset,
    rateSource,
    setRateSource,
    removing,
    setRemoving,
    toInput: (values: MethodValues) => methodInput(values, removing),
  };
}

export type MethodFormState = ReturnType<typeof useMethodForm>;

/**
 * A write-only secret: whether one is stored, a masked input for a new value (empty keeps it), and Remove, which
 * sends null on save — until then it can be taken back.
 */
function SecretField({
  name,
  label,
  stored,
  form,
}: {
  name: PaymentSecret;
  label: string;
  stored: boolean;
  form: MethodFormState;
}) {
  const { t } = useT();
  const { readOnly } = useFormMeta();
  const removing = form.removing.has(name);
  const toggle = (on: boolean) =>
    form.setRemoving((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  const state = (
    <StatusTag tone={stored ? 'on' : undefined}>{stored ? t('method.secretSet') : t('method.secretNotSet')}</StatusTag>
  );
  if (removing) {
    return (
      <Form.Item label={label}>
        <Space wrap>
          {state}
          <Typography.Text type="secondary">{t('method.secretRemoving')}</Typography.Text>
          <Button size="small" onClick={() => toggle(false)}>
            {t('method.secretUndo')}
          </Button>
        </Space>
      </Form.Item>
    );
  }
  return (
    <TextField
      name={`secrets.${name}`}
      label={label}
      password
      maxLength={300}
      help={
        <Space wrap size={4} className={styles.secretHelp}>
          {state}
          {stored && <span>{t('method.secretKeep')}</span>}
          {stored && !readOnly && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => toggle(true)}
              aria-label={t('method.secretRemoveOf', { secret: label })}
            >
              {t('method.secretRemove')}
            </Button>
          )}
        </Space>
      }
    />
  );
}

/** A rate as the API takes it: a refusal on a rate this accepts came from the server, not from the form's check. */
const RateSchema = PaymentMethodInputSchema.entries.rate;

/**
 * The confirmation a rate far from the current one needs: the server refuses it on the rate, saying by how much,
 * and the form then offers to confirm exactly the value typed — typing another takes the refusal and the tick away.
 * The band is the server's alone (a rate it reads under the method's lock), so the form asks only once it is told.
 */
function RateConfirmation() {
  const { t } = useT();
  const rate = useField<string>('rate', {
    subscription: { value: true, submitError: true, dirtySinceLastSubmit: true },
  });
  const confirmed = useField<string>('rate_confirmed', { subscription: { value: true } });
  const typed = (rate.input.value ?? '').trim();
  const refused = Boolean(rate.meta.submitError) && !rate.meta.dirtySinceLastSubmit && v.is(RateSchema, typed);
  if (!refused) return null;
  return (
    <Form.Item>
      <Checkbox
        checked={confirmed.input.value === typed}
        onChange={(event) => confirmed.input.onChange(event.target.checked ? typed : '')}
      >
        {t('method.rateConfirm', { rate: typed })}
      </Checkbox>
    </Form.Item>
  );
}

/**
 * What a crypto method asks for and at what rate: the asset and its decimals, where the rate comes from (typed by
 * staff — who and when shown — or read from a provider's JSON), and how old a rate may be before the method stops
 * taking top-ups.
 */
function AssetFields({ method, form }: { method: PanelPaymentMethod | null; form: MethodFormState }) {
  const { t, language } = useT();
  const currency = useSiteCurrency();
  const sign = currencySign(currency, language);
  const asset = form.asset || null;
  return (
    <>
      <FieldGrid>
        <SelectField<CryptoAsset | ''>
          name="asset"
          label={t('method.asset')}
          help={t('method.assetHelp')}
          options={[
            { value: '', label: t('method.assetNone', { currency }) },
            // "USDT · Tron (TRC-20)": the code ("USDT-TRC20 · Tron (TRC-20)") said the network twice and was cut (#49).
            ...CRYPTO_ASSETS.map((code) => ({
              value: code,
              label: `${ASSET_INFO[code].symbol} · ${ASSET_INFO[code].network}`,
            })),
          ]}
          onChange={form.setAsset}
        />
        {asset && (
          <IntegerField
            name="asset_decimals"
            label={t('method.assetDecimals')}
            help={t('method.assetDecimalsHelp', {
              chain: ASSET_INFO[asset].chainDecimals,
              default: ASSET_INFO[asset].defaultDecimals,
            })}
            min={0}
            max={ASSET_INFO[asset].chainDecimals}
          />
        )}
      </FieldGrid>
      {asset && (
        <>
          <FieldGrid>
            <SelectField<RateSource>
              name="rate_source"
              label={t('method.rateSource')}
              options={RATE_SOURCES.map((source) => ({ value: source, label: t(`rateSources.${source}`) }))}
              onChange={form.setRateSource}
            />
            <IntegerField
              name="rate_max_age_minutes"
              label={t('method.rateMaxAge')}
              help={t('method.rateMaxAgeHelp')}
              min={1}
            />
          </FieldGrid>
          {form.rateSource === 'staff' ? (
            <>
              <TextField
                name="rate"
                label={t('method.rate', { symbol: ASSET_INFO[asset].symbol, currency: sign })}
                help={
                  method?.rate && method.rate_at
                    ? t('method.rateSetBy', {
                        email: method.rate_set_by?.email ?? '—',
                        time: formatMoment(method.rate_at, language),
                      })
                    : t('method.rateHelp')
                }
                maxLength={40}
              />
              <RateConfirmation />
            </>
          ) : (
            <>
              <FieldGrid>
                <TextField name="rate_url" label={t('method.rateUrl')} help={t('method.rateUrlHelp')} maxLength={500} />
                <TextField
                  name="rate_path"
                  label={t('method.ratePath')}
                  help={t('method.ratePathHelp')}
                  maxLength={200}
                />
              </FieldGrid>
              <Form.Item label={t('method.rateRead')}>
                <Space direction="vertical" size={0}>
                  <Typography.Text>
                    {method?.rate && method.rate_at
                      ? t('method.rateReadAt', {
                          rate: `${method.rate} ${sign}`,
                          time: formatMoment(method.rate_at, language),
                        })
                      : t('method.rateNotRead')}
                  </Typography.Text>
                  {method?.rate_error && (
                    <Typography.Text type="danger">
                      {t('method.rateError', { error: method.rate_error })}
                    </Typography.Text>
                  )}
                </Space>
              </Form.Item>
            </>
          )}
        </>
      )}
    </>
  );
}

/**
 * The fields of a payment method (create and edit): code, kind, active; per language the name and the manual
 * method's instructions; the icon; min amount and fee; then the provider and the settings that provider needs.
 */
export function MethodFields({ method, form }: { method: PanelPaymentMethod | null; form: MethodFormState }) {
  const { t, language } = useT();
  const currency = useSiteCurrency();
  return (
    <>
      <FieldGrid>
        <TextField name="code" label={t('method.code')} help={t('method.codeHelp')} required maxLength={30} />
        <SelectField
          name="kind"
          label={t('method.kind')}
          options={PAYMENT_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
        />
        <SwitchField name="active" label={t('method.active')} help={t('method.activeHelp')} />
      </FieldGrid>
      <LanguageTabs active={form.tab} onChange={form.setTab}>
        {(tab) => (
          <>
            <TextField name={`name_${tab}`} label={t('method.name')} required={tab === 'ru'} maxLength={100} />
            <RichTextField
              name={`instructions_${tab}`}
              label={t('method.instructions')}
              editorLabel={`${t('method.instructions')} (${tab})`}
              help={t('method.instructionsHelp')}
              height={300}
            />
          </>
        )}
      </LanguageTabs>
      <ImageField name="icon" label={t('method.icon')} optional />
      <FieldGrid>
        <MoneyField
          name="min_amount"
          label={t('method.minAmount', { currency: currencySign(currency, language) })}
          currency={currency}
          min={0}
          max={MAX_AMOUNT}
        />
        <MoneyField
          name="max_amount"
          label={t('method.maxAmount', { currency: currencySign(currency, language) })}
          help={t('method.maxAmountHelp')}
          currency={currency}
          min={1}
          max={MAX_AMOUNT}
        />
        <NumberField name="fee_percent" label={t('method.fee')} help={t('method.feeHelp')} min={0} precision={2} />
      </FieldGrid>
      <h2 className={styles.heading}>{t('method.settings')}</h2>
      <SelectField
        name="provider"
        label={t('method.provider')}
        help={t(`method.providerHelp.${form.provider}`)}
        options={PAYMENT_PROVIDERS.map((provider) => ({ value: provider, label: t(`providers.${provider}`) }))}
        onChange={form.setProvider}
      />
      {form.provider === 'manual' ? (
        <>
          <TextField
            name="settings.address"
            label={t('method.address')}
            help={t('method.addressHelp')}
            rows={{ min: 2, max: 5 }}
            maxLength={500}
          />
          <h2 className={styles.heading}>{t('method.assetSection')}</h2>
          <AssetFields method={method} form={form} />
        </>
      ) : (
        <>
          {/* NOWPayments: its API's URL, no store id (the API key names the account), an IPN secret. */}
          <FieldGrid>
            <TextField
              name="settings.server_url"
              label={t(form.provider === 'nowpayments' ? 'method.apiUrl' : 'method.serverUrl')}
              help={t(form.provider === 'nowpayments' ? 'method.apiUrlHelp' : 'method.serverUrlHelp')}
              maxLength={300}
            />
            {form.provider === 'btcpay' && (
              <TextField name="settings.store_id" label={t('method.storeId')} maxLength={100} />
            )}
          </FieldGrid>
          <FieldGrid>
            <SecretField
              name="api_key"
              label={t('method.apiKey')}
              stored={method?.secrets_set.api_key ?? false}
              form={form}
            />
            <SecretField
              name="webhook_secret"
              label={t(form.provider === 'nowpayments' ? 'method.ipnSecret' : 'method.webhookSecret')}
              stored={method?.secrets_set.webhook_secret ?? false}
              form={form}
            />
          </FieldGrid>
          <Form.Item
            label={t('method.webhookUrl')}
            extra={
              method?.webhook_url
                ? t(form.provider === 'nowpayments' ? 'method.ipnUrlHelp' : 'method.webhookUrlHelp')
                : undefined
            }
          >
            {method?.webhook_url ? (
              <Typography.Text code copyable={{ text: method.webhook_url }} className={styles.url}>
                {method.webhook_url}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">{t('method.webhookUrlLater')}</Typography.Text>
            )}
          </Form.Item>
        </>
      )}
    </>
  );
}
