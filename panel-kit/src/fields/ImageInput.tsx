import { useRef, useState } from 'react';
import { Button, Input, Space } from 'antd';
import { IMAGE_ACCEPT, imageName, uploadImage } from '@proxy/contract/images';
import type { BlockImage } from '@proxy/contract/schemas/blocks';
import { api } from '@proxy/contract/state';
import { reportRequestError } from '@proxy/contract/forms';
import { useKitT } from '../i18n/use-kit-t.ts';
import styles from './fields.module.css';

export interface ImageInputProps {
  readonly id?: string;
  readonly value?: Partial<BlockImage>;
  readonly onChange?: (value: Partial<BlockImage> | undefined) => void;
  /** The field may be left empty: a Remove button clears it. */
  readonly optional: boolean;
  readonly disabled?: boolean;
}

/**
 * A block's picture: upload (through the contract's helper, so the server checks type and size), a preview, and
 * its alt text. The block keeps the id and the stored size, so public pages reserve the picture's box.
 */
export function ImageInput({ id, value, onChange, optional, disabled }: ImageInputProps) {
  const { t } = useKitT();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const has = typeof value?.id === 'number';

  async function upload(file: File) {
    setBusy(true);
    try {
      const image = await uploadImage(api, file, file.name);
      onChange?.({ id: image.id, width: image.width, height: image.height, alt: value?.alt ?? '' });
    } catch (error) {
      reportRequestError(error, { networkError: t('messages.networkError'), unknownError: t('messages.unknownError') });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className={styles.image}>
      {has && (
        <img
          className={styles.preview}
          src={`/api/users/images/${imageName(value.id as number, 'webp', { size: '160x0' })}`}
          width={160}
          height={Math.round((160 * (value.height ?? 1)) / (value.width ?? 1))}
          alt={value.alt ?? ''}
        />
      )}
      <Space wrap>
        <input
          ref={input}
          id={id}
          type="file"
          accept={IMAGE_ACCEPT}
          className={styles.fileInput}
          disabled={disabled || busy}
          aria-label={t('image.choose')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <Button onClick={() => input.current?.click()} loading={busy} disabled={disabled}>
          {has ? t('image.replace') : t('image.upload')}
        </Button>
        {has && optional && (
          <Button danger onClick={() => onChange?.(undefined)} disabled={disabled}>
            {t('image.remove')}
          </Button>
        )}
      </Space>
      {has && (
        <Input
          className={styles.alt}
          value={value.alt ?? ''}
          maxLength={200}
          disabled={disabled}
          placeholder={t('image.alt')}
          aria-label={t('image.alt')}
          onChange={(event) => onChange?.({ ...value, alt: event.target.value })}
        />
      )}
    </div>
  );
}
