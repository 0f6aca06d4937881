import { useEffect, useRef, useState } from 'react';
import { Button, Form, Typography } from 'antd';
import { ApiError } from '@proxy/contract/api/errors';
import { uploadVersionFile } from '@proxy/contract/api/panel-versions';
import { formatFileSize } from '@proxy/contract/file-size';
import type { VersionFile } from '@proxy/contract/schemas/versions';
import { api } from '@proxy/contract/state';
import { useField, useFormMeta } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './versions.module.css';

interface Upload {
  readonly name: string;
  readonly loaded: number;
  readonly total: number;
  readonly controller: AbortController;
}

/**
 * The release's build: choosing a file uploads it at once (`POST /api/panel/versions/files/`) with a progress bar and
 * Cancel; once stored, its name, size and SHA-256 as the server computed them (the hash copyable, to publish beside
 * the download). The form's value is the stored file; saving the release names it by id.
 */
export function FileSource({ name, required }: { name: string; required: boolean }) {
  const { t, language } = useT();
  const { name: form, readOnly } = useFormMeta();
  const { input, meta } = useField<VersionFile | null>(name, {
    subscription: { value: true, submitError: true, dirtySinceLastSubmit: true },
  });
  const submitError = meta.dirtySinceLastSubmit ? undefined : (meta.submitError as string | undefined);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const current = useRef<AbortController | null>(null);
  const id = `${form}_${name}`;
  const error = failure ?? submitError;

  // Leaving the screen mid-upload stops it: the server keeps nothing of an interrupted upload.
  useEffect(() => () => current.current?.abort(), []);

  async function start(file: File) {
    const controller = new AbortController();
    current.current?.abort();
    current.current = controller;
    setFailure(null);
    setUpload({ name: file.name, loaded: 0, total: file.size, controller });
    try {
      const stored = await uploadVersionFile(api, file, {
        signal: controller.signal,
        onProgress: (loaded, total) =>
          setUpload((shown) => (shown?.controller === controller ? { ...shown, loaded, total } : shown)),
      });
      input.onChange(stored);
    } catch (caught) {
      if (controller.signal.aborted) setFailure(t('form.cancelled'));
      else if (caught instanceof ApiError && caught.status === 413) setFailure(t('form.tooLarge'));
      else if (caught instanceof ApiError && caught.messages.length > 0) setFailure(caught.messages.join(' '));
      else setFailure(t('form.uploadFailed'));
    } finally {
      if (current.current === controller) current.current = null;
      setUpload((shown) => (shown?.controller === controller ? null : shown));
    }
  }

  const percent = upload && upload.total > 0 ? Math.min(100, Math.round((upload.loaded / upload.total) * 100)) : 0;
  const stored = input.value;
  return (
    <Form.Item
      label={t('form.file')}
      htmlFor={id}
      required={required}
      validateStatus={error ? 'error' : undefined}
      help={error ? <span id={`${id}-error`}>{error}</span> : undefined}
      extra={t('form.fileHelp')}
    >
      <div className={styles.upload}>
        {stored && !upload && (
          <dl className={styles.stored}>
            <dt>{t('form.fileName')}</dt>
            <dd className={styles.hash}>{stored.name}</dd>
            <dt>{t('form.fileSize')}</dt>
            <dd>{formatFileSize(stored.size, language)}</dd>
            <dt>{t('form.sha256')}</dt>
            <dd>
              <Typography.Text className={styles.hash} copyable={{ text: stored.sha256 }}>
                {stored.sha256}
              </Typography.Text>
            </dd>
          </dl>
        )}
        {upload ? (
          <div className={styles.progressRow}>
            <progress
              className={styles.progress}
              max={100}
              value={percent}
              aria-label={t('form.uploadProgress', { name: upload.name })}
            />
            <span role="status">{t('form.uploading', { name: upload.name, percent })}</span>
            <Button onClick={() => upload.controller.abort()}>{t('form.cancel')}</Button>
          </div>
        ) : (
          !readOnly && (
            <div>
              <input
                ref={picker}
                id={id}
                type="file"
                tabIndex={-1}
                className={styles.fileInput}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  // Cleared, so choosing the same file again (after a failure) uploads it again.
                  event.target.value = '';
                  if (file) void start(file);
                }}
              />
              <Button onClick={() => picker.current?.click()}>{stored ? t('form.replace') : t('form.choose')}</Button>
            </div>
          )
        )}
      </div>
    </Form.Item>
  );
}
