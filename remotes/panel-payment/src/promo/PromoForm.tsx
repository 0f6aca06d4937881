import { useEffect, useState } from 'react';
import { createPanelPromoCode, getPanelPromoCode, updatePanelPromoCode } from '@proxy/contract/api/panel-payments';
import { reportRequestError } from '@proxy/contract/forms';
import type { Language } from '@proxy/contract/languages';
import { amountText, minorUnitsOf } from '@proxy/contract/money';
import { PROMO_CODE_PERMISSIONS } from '@proxy/contract/permissions';
import {
  PROMO_KINDS,
  PromoCodeInputSchema,
  type PanelPromoCode,
  type PromoCodeInput,
  type PromoKind,
} from '@proxy/contract/schemas/billing';
import { api } from '@proxy/contract/state';
import {
  DateField,
  FieldGrid,
  FormDrawer,
  IntegerField,
  MoneyField,
  ResourceForm,
  SelectField,
  SwitchField,
  TextField,
  useAbilities,
  useKitT,
} from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { currencySign, useSiteCurrency } from '../money.ts';

/** The form's values: a fixed discount in major units, dates as the date inputs hold them ('' for none). */
export interface PromoValues {
  code: string;
  kind: PromoKind;
  /** A percent's discount. */
  value: number | null;
  /** A fixed discount, as typed in major units: a field of its own, a text where the percent is a number. */
  amount: string;
  valid_from: string;
  valid_until: string;
  max_uses: number | null;
  once_per_customer: boolean;
  active: boolean;
}

export const promoValues = (promo: PanelPromoCode | null, language: Language): PromoValues =>
  promo
    ? {
        code: promo.code,
        kind: promo.kind,
        value: promo.kind === 'percent' ? promo.value : null,
        amount: promo.kind === 'fixed' ? amountText(promo.value, language) : '',
        valid_from: promo.valid_from ?? '',
        valid_until: promo.valid_until ?? '',
        max_uses: promo.max_uses,
        once_per_customer: promo.once_per_customer,
        active: promo.active,
      }
    : {
        code: '',
        kind: 'percent',
        value: null,
        amount: '',
        valid_from: '',
        valid_until: '',
        max_uses: null,
        once_per_customer: true,
        active: true,
      };

export const promoInput = ({ amount, ...values }: PromoValues): PromoCodeInput => ({
  ...values,
  // A percent is sent as typed (the schema wants 1–100); an amount in minor units. Empty is NaN: required.
  value: values.kind === 'fixed' ? (minorUnitsOf(amount) ?? Number.NaN) : (values.value ?? Number.NaN),
  valid_from: values.valid_from || null,
  valid_until: values.valid_until || null,
  max_uses: values.max_uses ?? null,
});

/** A promo code's fields; the discount's unit follows the kind chosen. */
function PromoFields({ kind, onKind }: { kind: PromoKind; onKind: (kind: PromoKind) => void }) {
  const { t, language } = useT();
  const currency = useSiteCurrency();
  return (
    <>
      <TextField name="code" label={t('promo.code')} help={t('promo.codeHelp')} required maxLength={32} />
      <FieldGrid>
        <SelectField
          name="kind"
          label={t('promo.kind')}
          options={PROMO_KINDS.map((value) => ({ value, label: t(`promo.kinds.${value}`) }))}
          onChange={onKind}
        />
        {kind === 'percent' ? (
          <IntegerField
            key="percent"
            name="value"
            label={t('promo.valuePercent')}
            help={t('promo.valuePercentHelp')}
            required
            min={1}
          />
        ) : (
          <MoneyField
            key="fixed"
            name="amount"
            label={t('promo.valueFixed', { currency: currencySign(currency, language) })}
            help={t('promo.valueFixedHelp')}
            required
            currency={currency}
            min={1}
          />
        )}
      </FieldGrid>
      <FieldGrid>
        <DateField name="valid_from" label={t('promo.from')} help={t('promo.datesHelp')} />
        <DateField name="valid_until" label={t('promo.until')} />
      </FieldGrid>
      <FieldGrid>
        <IntegerField name="max_uses" label={t('promo.maxUses')} help={t('promo.maxUsesHelp')} min={1} />
        <SwitchField name="once_per_customer" label={t('promo.oncePerCustomer')} />
        <SwitchField name="active" label={t('promo.activeField')} />
      </FieldGrid>
    </>
  );
}

function PromoForm({ promo, onSaved }: { promo: PanelPromoCode | null; onSaved: () => void }) {
  const { language } = useT();
  const { canAdd, canChange } = useAbilities(PROMO_CODE_PERMISSIONS);
  const [kind, setKind] = useState<PromoKind>(promo?.kind ?? 'percent');
  return (
    <ResourceForm<PromoValues, PromoCodeInput, PanelPromoCode>
      name={promo ? `promo-${promo.id}` : 'promo-new'}
      initialValues={promoValues(promo, language)}
      readOnly={promo ? !canChange : !canAdd}
      toInput={promoInput}
      // A fixed discount's `value` is typed in the amount field.
      errorField={(path) => (path === 'value' && kind === 'fixed' ? 'amount' : path)}
      schema={PromoCodeInputSchema}
      send={(input) => (promo ? updatePanelPromoCode(api, promo.id, input) : createPanelPromoCode(api, input))}
      done={promo ? 'saved' : 'created'}
      onSaved={onSaved}
    >
      <PromoFields kind={kind} onKind={setKind} />
    </ResourceForm>
  );
}

/**
 * A promo code's form in a drawer: a new one, or the code of `id` (read from the API, so a shared link opens it
 * too). Read-only without the change permission.
 */
export function PromoDrawer({
  target,
  onClose,
  onSaved,
}: {
  /** 'new', a code's id, or null (closed). */
  target: 'new' | number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useT();
  const kit = useKitT();
  const [promo, setPromo] = useState<PanelPromoCode | null>(null);
  const id = typeof target === 'number' ? target : null;

  // The previous code's data stays until this one's arrives; `ready` shows the form only for the code asked for.
  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    getPanelPromoCode(api, id, controller.signal).then(setPromo, (error: unknown) => {
      if (controller.signal.aborted) return;
      reportRequestError(error, {
        networkError: kit.t('messages.networkError'),
        unknownError: kit.t('messages.unknownError'),
      });
      onClose();
    });
    return () => controller.abort();
    // Loads when another code is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  const ready = target === 'new' || (promo !== null && promo.id === id);
  return (
    <FormDrawer
      open={target !== null}
      title={target === 'new' ? t('promo.createTitle') : (promo?.code ?? '')}
      formKey={String(target)}
      onClose={onClose}
    >
      {ready && <PromoForm promo={target === 'new' ? null : promo} onSaved={onSaved} />}
    </FormDrawer>
  );
}
