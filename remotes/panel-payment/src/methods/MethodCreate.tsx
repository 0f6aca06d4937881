import { useNavigate } from 'react-router';
import { createPanelPaymentMethod } from '@proxy/contract/api/panel-payments';
import { paths } from '@proxy/contract/routes';
import { PaymentMethodInputSchema } from '@proxy/contract/schemas/billing';
import { api } from '@proxy/contract/state';
import { ResourceForm, SectionPage } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { EMPTY_METHOD, MethodFields, useMethodForm } from './MethodFields.tsx';

/** `/panel/payment/add`: a new payment method; once saved, its edit screen opens (with its webhook URL). */
export function MethodCreate() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const form = useMethodForm(null);
  return (
    <SectionPage
      title={t('method.createTitle')}
      back={{ href: paths.panelPayments(language), label: t('method.back') }}
    >
      <ResourceForm
        name="method-create"
        initialValues={EMPTY_METHOD}
        readOnly={false}
        toInput={form.toInput}
        schema={PaymentMethodInputSchema}
        send={(input) => createPanelPaymentMethod(api, input)}
        done="created"
        onSaved={(method) => void navigate(paths.panelPaymentEdit(method.id, language))}
        onFieldErrors={form.onFieldErrors}
      >
        <MethodFields method={null} form={form} />
      </ResourceForm>
    </SectionPage>
  );
}
