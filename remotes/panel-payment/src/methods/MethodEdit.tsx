import { useState } from 'react';
import { Typography } from 'antd';
import { useLoaderData, useNavigate } from 'react-router';
import { deletePanelPaymentMethod, updatePanelPaymentMethod } from '@proxy/contract/api/panel-payments';
import { PAYMENT_METHOD_PERMISSIONS } from '@proxy/contract/permissions';
import { paths } from '@proxy/contract/routes';
import { PaymentMethodInputSchema, type PanelPaymentMethod } from '@proxy/contract/schemas/billing';
import { api } from '@proxy/contract/state';
import { DeleteButton, ResourceForm, SectionPage, StatusTag, useAbilities, useRunAction } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { MethodFields, methodValues, useMethodForm } from './MethodFields.tsx';

/**
 * `/panel/payment/{id}`: a payment method's fields, its provider's settings and write-only secrets. Without the
 * change permission everything is shown read-only, with no save or delete.
 */
export function MethodEdit() {
  const data = useLoaderData() as PanelPaymentMethod;
  const [saved, setSaved] = useState({ method: data, count: 0 });
  // Each save starts a fresh form from the server's answer: typed secrets leave the page (they are stored now, and
  // shown only as "set"), and what is on screen is what was saved.
  return (
    <MethodEditForm
      key={saved.count}
      method={saved.method}
      onSaved={(method) => setSaved(({ count }) => ({ method, count: count + 1 }))}
    />
  );
}

function MethodEditForm({
  method,
  onSaved,
}: {
  method: PanelPaymentMethod;
  onSaved: (method: PanelPaymentMethod) => void;
}) {
  const { t, language } = useT();
  const navigate = useNavigate();
  const runAction = useRunAction();
  const { canChange, canDelete } = useAbilities(PAYMENT_METHOD_PERMISSIONS);
  const form = useMethodForm(method);
  const name = (language === 'en' && method.name_en) || method.name_ru;

  async function remove() {
    // A method with invoices is refused (400 with a detail, toasted): it can only be switched off.
    if ((await runAction(() => deletePanelPaymentMethod(api, method.id), 'deleted')) !== undefined) {
      void navigate(paths.panelPayments(language));
    }
  }

  return (
    <SectionPage
      title={
        <>
          {name} {!method.active && <StatusTag>{t('methods.inactive')}</StatusTag>}
        </>
      }
      back={{ href: paths.panelPayments(language), label: t('method.back') }}
    >
      {!canChange && <Typography.Paragraph type="secondary">{t('method.readOnly')}</Typography.Paragraph>}
      <ResourceForm
        name={`method-${method.id}`}
        initialValues={methodValues(method, language)}
        readOnly={!canChange}
        toInput={form.toInput}
        schema={PaymentMethodInputSchema}
        send={(input) => updatePanelPaymentMethod(api, method.id, input)}
        done="saved"
        onSaved={onSaved}
        onFieldErrors={form.onFieldErrors}
        actions={
          canDelete && <DeleteButton confirm={t('methods.deleteConfirm', { name })} name={name} onConfirm={remove} />
        }
      >
        <MethodFields method={method} form={form} />
      </ResourceForm>
    </SectionPage>
  );
}
