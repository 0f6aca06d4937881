import { useState } from 'react';
import { Button, Drawer, Form, Input, InputNumber, Popconfirm, Select, Space, Switch, Table, Tag } from 'antd';
import {
  createPanelPlan,
  deletePanelPlan,
  listPanelPlans,
  reorderPanelPlans,
  updatePanelPlan,
} from '@proxy/contract/api/panel-plans';
import { CURRENCIES, formatPrice } from '@proxy/contract/money';
import { PLAN_PERIODS, type PanelPlan, type PlanInput } from '@proxy/contract/schemas/plans';
import { api } from '@proxy/contract/state';
import { save, type NamePath } from '../form/save.ts';
import { MoveButtons } from '../form/MoveButtons.tsx';
import { useLoadedList } from '../form/use-loaded-list.ts';
import { useT } from '../i18n/use-t.ts';
import { usePagePermissions } from '../pages/page-resource.ts';
import styles from './plans.module.css';

/** The form holds the price in major units (roubles, dollars) and each feature list as lines of text. */
interface PlanValues {
  title_ru: string;
  title_en: string;
  price: number | null;
  currency: PlanInput['currency'];
  period_days: PlanInput['period_days'];
  caption_ru: string;
  caption_en: string;
  features_ru: string;
  features_en: string;
  highlighted: boolean;
  active: boolean;
}

const EMPTY: PlanValues = {
  title_ru: '',
  title_en: '',
  price: null,
  currency: 'RUB',
  period_days: 30,
  caption_ru: '',
  caption_en: '',
  features_ru: '',
  features_en: '',
  highlighted: false,
  active: true,
};

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function valuesOf(plan: PanelPlan): PlanValues {
  return {
    ...plan,
    price: plan.price / 100,
    period_days: plan.period_days as PlanInput['period_days'],
    features_ru: plan.features_ru.join('\n'),
    features_en: plan.features_en.join('\n'),
  };
}

function inputOf(values: PlanValues): PlanInput {
  return {
    ...values,
    // Money is kept in minor units; rounding keeps 12.34 from becoming 1233.9999.
    price: values.price === null ? Number.NaN : Math.round(values.price * 100),
    features_ru: lines(values.features_ru),
    features_en: lines(values.features_en),
  };
}

/** An error on one line of a feature list (`features_ru.2`) belongs to the list's text area. */
const fieldOf = (path: NamePath): NamePath =>
  typeof path[0] === 'string' && path[0].startsWith('features_') ? [path[0]] : path;

/** The price table's plans, in the order the home page shows them: edit in a drawer, create, delete, move. */
export function PlansPanel() {
  const { t, language } = useT();
  const { canAdd, canChange, canDelete } = usePagePermissions();
  const [editing, setEditing] = useState<PanelPlan | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<PlanValues>();
  const messages = { networkError: t('messages.networkError'), unknownError: t('messages.unknownError') };
  const {
    items: plans,
    setItems: setPlans,
    loading,
    setLoading,
  } = useLoadedList((signal) => listPanelPlans(api, signal), messages);

  async function run<T>(send: () => Promise<T>, saved: string): Promise<T | undefined> {
    setLoading(true);
    const result = await save(null, { ...messages, saved }, send);
    setLoading(false);
    return result;
  }

  async function move(index: number, by: -1 | 1) {
    const ids = plans.map((plan) => plan.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved as number);
    const next = await run(() => reorderPanelPlans(api, ids), t('messages.reordered'));
    if (next) setPlans(next);
  }

  async function remove(plan: PanelPlan) {
    const done = await run(async () => {
      await deletePanelPlan(api, plan.id);
      return true;
    }, t('messages.deleted'));
    if (done) setPlans((list) => list.filter((item) => item.id !== plan.id));
  }

  async function submit() {
    if (!editing) return;
    const input = inputOf(form.getFieldsValue(true) as PlanValues);
    setSaving(true);
    const saved = await save(
      form,
      { ...messages, saved: t(editing === 'new' ? 'messages.created' : 'messages.saved') },
      () => (editing === 'new' ? createPanelPlan(api, input) : updatePanelPlan(api, editing.id, input)),
      { fieldOf },
    );
    setSaving(false);
    if (!saved) return;
    setPlans((list) =>
      list.some((plan) => plan.id === saved.id)
        ? list.map((plan) => (plan.id === saved.id ? saved : plan))
        : [...list, saved],
    );
    setEditing(null);
  }

  const titleOf = (plan: PanelPlan) => (language === 'en' && plan.title_en) || plan.title_ru;
  const plural = new Intl.PluralRules(language);
  const days = (count: number) =>
    t(`plans.days.${plural.select(count) as 'one' | 'few' | 'many' | 'other'}`, { count });
  const readOnly = editing === 'new' ? !canAdd : !canChange;

  return (
    <>
      {canAdd && (
        <div className={styles.toolbar}>
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('plans.create')}
          </Button>
        </div>
      )}
      <Table<PanelPlan>
        rowKey="id"
        loading={loading}
        dataSource={[...plans]}
        pagination={false}
        // On a phone the table scrolls sideways inside its box rather than squeezing its columns or the page.
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('plans.empty') }}
        columns={[
          { key: 'position', title: '#', width: 48, responsive: ['sm'], render: (_value, _plan, index) => index + 1 },
          {
            key: 'title',
            title: t('plans.title'),
            render: (_value, plan) => (
              <Space size={6} wrap>
                <span>{titleOf(plan)}</span>
                {plan.highlighted && <Tag className={styles.highlighted}>{t('plans.highlighted')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'price',
            title: t('plans.price'),
            render: (_value, plan) => formatPrice(plan.price, plan.currency, language),
          },
          {
            key: 'period',
            title: t('plans.period'),
            responsive: ['md'],
            render: (_value, plan) => days(plan.period_days),
          },
          {
            key: 'active',
            title: t('plans.active'),
            responsive: ['sm'],
            render: (_value, plan) =>
              plan.active ? <Tag className={styles.on}>{t('plans.active')}</Tag> : <Tag>{t('plans.hidden')}</Tag>,
          },
          {
            key: 'actions',
            title: t('list.actions'),
            render: (_value, plan, index) => {
              const name = titleOf(plan);
              return (
                <Space size={4} wrap>
                  {canChange && (
                    <MoveButtons
                      index={index}
                      count={plans.length}
                      name={name}
                      disabled={loading}
                      onMove={(delta) => void move(index, delta)}
                    />
                  )}
                  <Button
                    size="small"
                    onClick={() => setEditing(plan)}
                    aria-label={t(canChange ? 'list.editItem' : 'list.viewItem', { item: name })}
                  >
                    {canChange ? t('actions.edit') : t('actions.view')}
                  </Button>
                  {canDelete && (
                    <Popconfirm
                      title={t('plans.deleteConfirm', { title: name })}
                      okText={t('actions.delete')}
                      cancelText={t('actions.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove(plan)}
                    >
                      <Button size="small" danger aria-label={t('list.deleteItem', { item: name })}>
                        {t('actions.delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
      <Drawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('plans.createTitle') : editing ? titleOf(editing) : ''}
        size={typeof window !== 'undefined' && window.innerWidth < 640 ? '100%' : 560}
        destroyOnHidden
        extra={
          !readOnly && (
            <Space>
              <Button onClick={() => setEditing(null)}>{t('actions.cancel')}</Button>
              <Button type="primary" loading={saving} onClick={() => void submit()}>
                {t('actions.save')}
              </Button>
            </Space>
          )
        }
      >
        {editing && (
          <Form<PlanValues>
            form={form}
            name={editing === 'new' ? 'plan-new' : `plan-${editing.id}`}
            layout="vertical"
            disabled={readOnly}
            initialValues={editing === 'new' ? EMPTY : valuesOf(editing)}
            onFinish={() => void submit()}
          >
            <Form.Item name="title_ru" label={t('plans.titleRu')} required>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="title_en" label={t('plans.titleEn')}>
              <Input maxLength={100} />
            </Form.Item>
            <div className={styles.row}>
              <Form.Item name="price" label={t('plans.price')} required>
                <InputNumber min={0} step={1} precision={2} className={styles.number} />
              </Form.Item>
              <Form.Item name="currency" label={t('plans.currency')}>
                <Select options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))} />
              </Form.Item>
              <Form.Item name="period_days" label={t('plans.period')}>
                <Select options={PLAN_PERIODS.map((period) => ({ value: period, label: days(period) }))} />
              </Form.Item>
            </div>
            <Form.Item name="caption_ru" label={t('plans.captionRu')}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="caption_en" label={t('plans.captionEn')}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="features_ru" label={t('plans.featuresRu')} extra={t('plans.featuresHelp')}>
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} />
            </Form.Item>
            <Form.Item name="features_en" label={t('plans.featuresEn')} extra={t('plans.featuresHelp')}>
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} />
            </Form.Item>
            <Space size="large" wrap>
              <Form.Item name="highlighted" label={t('plans.highlighted')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="active" label={t('plans.active')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Space>
          </Form>
        )}
      </Drawer>
    </>
  );
}
