import { useState } from 'react';
import { Typography } from 'antd';
import { useLoaderData, useNavigate } from 'react-router';
import { deletePanelVersion, updatePanelVersion } from '@proxy/contract/api/panel-versions';
import { VERSION_PERMISSIONS } from '@proxy/contract/permissions';
import { paths } from '@proxy/contract/routes';
import { VersionInputSchema, type PanelVersion } from '@proxy/contract/schemas/versions';
import { api } from '@proxy/contract/state';
import { DeleteButton, ResourceForm, SectionPage, StatusTag, useAbilities, useRunAction } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { VersionFields, versionErrorField, versionInput, versionValues, useVersionForm } from './VersionFields.tsx';

/**
 * `/panel/version/{id}`: a release's fields, its build and changelogs. Without the change permission everything is
 * shown read-only, with no save, upload or delete.
 */
export function VersionEdit() {
  const data = useLoaderData() as PanelVersion;
  const [saved, setSaved] = useState({ version: data, count: 0 });
  // Each save starts a fresh form from the server's answer: what is on screen is what was saved.
  return (
    <VersionEditForm
      key={saved.count}
      version={saved.version}
      onSaved={(version) => setSaved(({ count }) => ({ version, count: count + 1 }))}
    />
  );
}

function VersionEditForm({ version, onSaved }: { version: PanelVersion; onSaved: (version: PanelVersion) => void }) {
  const { t, language } = useT();
  const navigate = useNavigate();
  const runAction = useRunAction();
  const { canChange, canDelete } = useAbilities(VERSION_PERMISSIONS);
  const form = useVersionForm(version);
  const name = `${t(`platforms.${version.platform}`)} ${version.version_name}`;

  async function remove() {
    if ((await runAction(() => deletePanelVersion(api, version.id), 'deleted')) !== undefined) {
      void navigate(paths.panelVersions(language));
    }
  }

  return (
    <SectionPage
      title={
        <>
          {name}{' '}
          {version.published ? (
            <StatusTag tone="on">{t('list.published')}</StatusTag>
          ) : (
            <StatusTag>{t('list.draft')}</StatusTag>
          )}
          {version.forced && <StatusTag tone="highlight">{t('list.forced')}</StatusTag>}
        </>
      }
      back={{ href: paths.panelVersions(language), label: t('form.back') }}
    >
      {!canChange && <Typography.Paragraph type="secondary">{t('form.readOnly')}</Typography.Paragraph>}
      <ResourceForm
        name={`version-${version.id}`}
        initialValues={versionValues(version)}
        readOnly={!canChange}
        toInput={versionInput}
        schema={VersionInputSchema}
        send={(input) => updatePanelVersion(api, version.id, input)}
        done="saved"
        onSaved={onSaved}
        errorField={versionErrorField}
        onFieldErrors={form.onFieldErrors}
        actions={
          canDelete && <DeleteButton confirm={t('form.deleteConfirm', { name })} name={name} onConfirm={remove} />
        }
      >
        <VersionFields form={form} />
      </ResourceForm>
    </SectionPage>
  );
}
