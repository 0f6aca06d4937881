import { useState } from 'react';
import {
  CHANNELS,
  PLATFORMS,
  type Channel,
  type PanelVersion,
  type Platform,
  type VersionFile,
  type VersionInput,
} from '@proxy/contract/schemas/versions';
import {
  DateField,
  FieldGrid,
  IntegerField,
  LanguageTabs,
  RichTextField,
  SelectField,
  SwitchField,
  TextField,
  useLanguageTab,
} from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { FileSource } from './FileSource.tsx';
import styles from './versions.module.css';

export type Source = 'file' | 'url';

/** The form's values: where the build comes from is chosen first, then the uploaded file or the URL is kept. */
export interface VersionValues {
  platform: Platform;
  channel: Channel;
  version_name: string;
  version_code: number | null;
  source: Source;
  file: VersionFile | null;
  external_url: string;
  changelog_ru: string;
  changelog_en: string;
  released_at: string;
  published: boolean;
  forced: boolean;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Today in the browser's calendar, as a date input and the API write it. */
const today = (now = new Date()) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

export const emptyVersion = (): VersionValues => ({
  platform: 'android',
  channel: 'stable',
  version_name: '',
  version_code: null,
  source: 'file',
  file: null,
  external_url: '',
  changelog_ru: '',
  changelog_en: '',
  released_at: today(),
  published: false,
  forced: false,
});

export const versionValues = (version: PanelVersion): VersionValues => ({
  platform: version.platform,
  channel: version.channel,
  version_name: version.version_name,
  version_code: version.version_code,
  source: version.file ? 'file' : 'url',
  file: version.file,
  external_url: version.external_url ?? '',
  changelog_ru: version.changelog_ru,
  changelog_en: version.changelog_en,
  released_at: version.released_at,
  published: version.published,
  forced: version.forced,
});

/**
 * The request: the chosen source only — the file by id or the URL, the other null. A source chosen but not given
 * goes as an empty value (NaN, ''), which the contract's schema refuses on that field as required, before sending.
 */
export function versionInput({ source, file, external_url, version_code, ...values }: VersionValues): VersionInput {
  return {
    ...values,
    version_code: version_code ?? Number.NaN,
    file_id: source === 'file' ? (file?.id ?? Number.NaN) : null,
    external_url: source === 'url' ? external_url : null,
  };
}

/** The API names the file `file_id`; the form shows it on the file's field. */
export const versionErrorField = (path: string) => (path === 'file_id' ? 'file' : path);

/** What a release form keeps beside final-form: the changelog's language tab and the source chosen. */
export function useVersionForm(version: PanelVersion | null) {
  const [source, setSource] = useState<Source>(version && !version.file ? 'url' : 'file');
  return { ...useLanguageTab(), source, setSource };
}

export type VersionFormState = ReturnType<typeof useVersionForm>;

/**
 * A release's fields (create and edit): platform, channel, name and code; the build, uploaded or linked; the
 * changelog per language; the release date and the published and forced switches.
 */
export function VersionFields({ form }: { form: VersionFormState }) {
  const { t } = useT();
  return (
    <>
      <FieldGrid>
        <SelectField
          name="platform"
          label={t('form.platform')}
          required
          options={PLATFORMS.map((platform) => ({ value: platform, label: t(`platforms.${platform}`) }))}
        />
        <SelectField
          name="channel"
          label={t('form.channel')}
          required
          options={CHANNELS.map((channel) => ({ value: channel, label: t(`channels.${channel}`) }))}
        />
        <TextField
          name="version_name"
          label={t('form.versionName')}
          help={t('form.versionNameHelp')}
          required
          maxLength={50}
        />
        <IntegerField
          name="version_code"
          label={t('form.versionCode')}
          help={t('form.versionCodeHelp')}
          required
          min={1}
        />
      </FieldGrid>
      <h2 className={styles.heading}>{t('form.source')}</h2>
      <SelectField<Source>
        name="source"
        label={t('form.source')}
        options={(['file', 'url'] as const).map((source) => ({ value: source, label: t(`form.sources.${source}`) }))}
        onChange={form.setSource}
      />
      {form.source === 'file' ? (
        <FileSource name="file" required />
      ) : (
        <TextField
          name="external_url"
          label={t('form.externalUrl')}
          help={t('form.externalUrlHelp')}
          required
          maxLength={2000}
          placeholder="https://"
        />
      )}
      <LanguageTabs active={form.tab} onChange={form.setTab}>
        {(tab) => (
          <RichTextField
            name={`changelog_${tab}`}
            label={t('form.changelog')}
            editorLabel={`${t('form.changelog')} (${tab})`}
            help={t('form.changelogHelp')}
            height={300}
          />
        )}
      </LanguageTabs>
      <FieldGrid>
        <DateField name="released_at" label={t('form.releasedAt')} required />
        <SwitchField name="published" label={t('form.published')} help={t('form.publishedHelp')} />
        <SwitchField name="forced" label={t('form.forced')} help={t('form.forcedHelp')} />
      </FieldGrid>
    </>
  );
}
