import {
  createPanelPlan,
  deletePanelPlan,
  listPanelPlans,
  reorderPanelPlans,
  updatePanelPlan,
} from '@proxy/contract/api/panel-plans';
import type { Language } from '@proxy/contract/languages';
import { amountText, CURRENCIES, formatPrice, minorUnitsOf, type Currency } from '@proxy/contract/money';
import { PAGE_PERMISSIONS } from '@proxy/contract/permissions';
import {
  PLAN_PERIOD_MAX,
  PLAN_PERIOD_MIN,
  PLAN_PERIODS,
  PlanInputSchema,
  type PanelPlan,
  type PlanInput,
} from '@proxy/contract/schemas/plans';
import { api } from '@proxy/contract/state';
import {
  FieldGrid,
  IntegerField,
  MoneyField,
  OrderedResource,
  SelectField,
  StatusTag,
  SwitchField,
  TextField,
  useField,
} from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';

/** The form holds the price as typed in major units (roubles, dollars) and each feature list as lines of text. */
type PlanValues = Omit<PlanInput, 'price' | 'country' | 'features_ru' | 'features_en'> & {
  price: string;
  /** An ISO code as typed; empty: every country. */
  country: string;
  features_ru: string;
  features_en: string;
};

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const values = (plan: PanelPlan | null, language: Language): PlanValues =>
  plan
    ? {
        ...plan,
        price: amountText(plan.price, language),
        country: plan.country ?? '',
        features_ru: plan.features_ru.join('\n'),
        features_en: plan.features_en.join('\n'),
      }
    : {
        title_ru: '',
        title_en: '',
        price: '',
        currency: 'RUB',
        period_days: 30,
        country: '',
        caption_ru: '',
        caption_en: '',
        features_ru: '',
        features_en: '',
        highlighted: false,
        active: true,
      };

const toInput = ({ price, country, features_ru, features_en, ...rest }: PlanValues): PlanInput => ({
  ...rest,
  country: country.trim() === '' ? null : country,
  // Money is kept in minor units; an empty price is NaN, which the schema refuses as required.
  price: minorUnitsOf(price) ?? Number.NaN,
  features_ru: lines(features_ru),
  features_en: lines(features_en),
});

/** The price, worded in the currency chosen beside it. */
function PriceField({ label }: { label: string }) {
  const currency = useField<Currency>('currency', { subscription: { value: true } }).input.value;
  return <MoneyField name="price" label={label} required currency={currency} min={0} />;
}

/** The price table's plans, in the order the home page shows them. */
export function PlansList() {
  const { t, language } = useT();
  const titleOf = (plan: PanelPlan) => (language === 'en' && plan.title_en) || plan.title_ru;
  const plural = new Intl.PluralRules(language);
  const days = (count: number) =>
    t(`plans.days.${plural.select(count) as 'one' | 'few' | 'many' | 'other'}`, { count });
  return (
    <OrderedResource<PanelPlan, PlanValues, PlanInput>
      load={(signal) => listPanelPlans(api, signal)}
      permissions={PAGE_PERMISSIONS}
      formName="plan"
      createLabel={t('plans.create')}
      emptyText={t('plans.empty')}
      name={titleOf}
      reorder={(ids) => reorderPanelPlans(api, ids)}
      remove={{
        send: (plan) => deletePanelPlan(api, plan.id),
        confirm: (_plan, title) => t('plans.deleteConfirm', { title }),
      }}
      columns={[
        {
          key: 'title',
          title: t('plans.title'),
          render: (plan) => (
            <>
              {titleOf(plan)} {plan.highlighted && <StatusTag tone="highlight">{t('plans.highlighted')}</StatusTag>}
            </>
          ),
        },
        { key: 'price', title: t('plans.price'), render: (plan) => formatPrice(plan.price, plan.currency, language) },
        {
          key: 'period',
          title: t('plans.period'),
          responsive: ['md'],
          render: (plan) => (plan.country ? `${days(plan.period_days)} · ${plan.country}` : days(plan.period_days)),
        },
        {
          key: 'active',
          title: t('plans.active'),
          responsive: ['sm'],
          render: (plan) =>
            plan.active ? (
              <StatusTag tone="on">{t('plans.active')}</StatusTag>
            ) : (
              <StatusTag>{t('plans.hidden')}</StatusTag>
            ),
        },
      ]}
      form={{
        values: (plan) => values(plan, language),
        toInput,
        schema: () => PlanInputSchema,
        create: (input) => createPanelPlan(api, input),
        update: (plan, input) => updatePanelPlan(api, plan.id, input),
        // An error on one line of a feature list (`features_ru.2`) belongs to the list's text area.
        errorField: (path) => path.replace(/^(features_(?:ru|en))\..*$/, '$1'),
        title: (plan) => (plan ? titleOf(plan) : t('plans.createTitle')),
        fields: () => (
          <>
            <TextField name="title_ru" label={t('plans.titleRu')} required maxLength={100} />
            <TextField name="title_en" label={t('plans.titleEn')} maxLength={100} />
            <FieldGrid>
              <PriceField label={t('plans.price')} />
              <SelectField
                name="currency"
                label={t('plans.currency')}
                options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
              />
              {/* Any whole number of days (#49 item 9: a 45-day plan); the usual periods are named as suggestions. */}
              <IntegerField
                name="period_days"
                label={t('plans.periodDays')}
                help={t('plans.periodHelp', {
                  min: PLAN_PERIOD_MIN,
                  max: PLAN_PERIOD_MAX,
                  periods: new Intl.ListFormat(language, { type: 'disjunction' }).format(PLAN_PERIODS.map(String)),
                })}
                required
                min={PLAN_PERIOD_MIN}
                max={PLAN_PERIOD_MAX}
              />
              <TextField name="country" label={t('plans.country')} help={t('plans.countryHelp')} maxLength={2} />
            </FieldGrid>
            <TextField name="caption_ru" label={t('plans.captionRu')} maxLength={200} />
            <TextField name="caption_en" label={t('plans.captionEn')} maxLength={200} />
            <TextField
              name="features_ru"
              label={t('plans.featuresRu')}
              help={t('plans.featuresHelp')}
              rows={{ min: 3, max: 12 }}
            />
            <TextField
              name="features_en"
              label={t('plans.featuresEn')}
              help={t('plans.featuresHelp')}
              rows={{ min: 3, max: 12 }}
            />
            <FieldGrid>
              <SwitchField name="highlighted" label={t('plans.highlighted')} />
              <SwitchField name="active" label={t('plans.active')} />
            </FieldGrid>
          </>
        ),
      }}
    />
  );
}
