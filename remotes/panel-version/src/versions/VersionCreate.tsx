import { useNavigate } from 'react-router';
import { createPanelVersion } from '@proxy/contract/api/panel-versions';
import { paths } from '@proxy/contract/routes';
import { VersionInputSchema } from '@proxy/contract/schemas/versions';
import { api } from '@proxy/contract/state';
import { ResourceForm, SectionPage } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { emptyVersion, VersionFields, versionErrorField, versionInput, useVersionForm } from './VersionFields.tsx';

/** `/panel/version/add`: a new release; once saved, its edit screen opens. */
export function VersionCreate() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const form = useVersionForm(null);
  return (
    <SectionPage title={t('form.createTitle')} back={{ href: paths.panelVersions(language), label: t('form.back') }}>
      <ResourceForm
        name="version-create"
        initialValues={emptyVersion()}
        readOnly={false}
        toInput={versionInput}
        schema={VersionInputSchema}
        send={(input) => createPanelVersion(api, input)}
        done="created"
        onSaved={(version) => void navigate(paths.panelVersionEdit(version.id, language))}
        errorField={versionErrorField}
        onFieldErrors={form.onFieldErrors}
      >
        <VersionFields form={form} />
      </ResourceForm>
    </SectionPage>
  );
}
