import { Editor } from '@tinymce/tinymce-react';
import type { TinyMCE } from 'tinymce';
import { imageName, uploadImage } from '@proxy/contract/images';
import type { Language } from '@proxy/contract/languages';
import { api } from '@proxy/contract/state';
import files from '../../tinymce.json';
import { useKitT } from '../i18n/use-kit-t.ts';
import { tinymceBase } from './tinymce-base.ts';

export interface TinyEditorProps {
  readonly id?: string;
  readonly value?: string;
  readonly onChange?: (html: string) => void;
  readonly language: Language;
  /** The field's label: the name screen readers give the editing area (an iframe a <label> cannot point at). */
  readonly label: string;
  readonly readOnly?: boolean;
  readonly height?: number;
}

/**
 * Strings the Russian pack of TinyMCE 8 (tinymce-i18n/langs8/ru.js) lacks or words oddly for our dialogs
 * ("Upload" is "Передать", an image's URL "Исходный объект").
 */
const RU_EXTRA = {
  Undo: 'Отменить',
  Redo: 'Повторить',
  Upload: 'Загрузить',
  Source: 'Адрес',
};

/**
 * Upload of a pasted, dropped or chosen picture through the contract's helper. The picture goes in at the width
 * the page column uses, under a site-relative URL: the server's sanitizer keeps only `/api/users/images/...` srcs.
 */
async function uploadHandler(blobInfo: { blob: () => Blob; filename: () => string }): Promise<string> {
  const image = await uploadImage(api, blobInfo.blob(), blobInfo.filename());
  return `/api/users/images/${imageName(image.id, 'webp', { size: '960x0' })}`;
}

/**
 * TinyMCE, self-hosted from this remote's folder (`licenseKey: 'gpl'`, no cloud), in the panel's language. Loaded
 * only through `RichTextEditor`'s lazy import, so its ~440 KB reach no one who does not open an editor. The
 * toolbar offers what the server's allow-list keeps (headings 2–4, lists, links, images, tables, alignment).
 */
export default function TinyEditor({ id, value, onChange, language, label, readOnly, height = 360 }: TinyEditorProps) {
  const { t } = useKitT();
  const base = tinymceBase();
  // TinyMCE does not translate the names given here, so they come from our translations.
  const blockFormats = [
    `${t('editor.paragraph')}=p`,
    `${t('editor.heading', { level: 2 })}=h2`,
    `${t('editor.heading', { level: 3 })}=h3`,
    `${t('editor.heading', { level: 4 })}=h4`,
  ].join('; ');
  return (
    <Editor
      id={id}
      // The language pack loads right after the editor's script (TinyMCE then skips loading it itself), so the
      // extra strings added in onScriptsLoad land on top of it.
      tinymceScriptSrc={language === 'ru' ? [`${base}tinymce.min.js`, `${base}langs/ru.js`] : `${base}tinymce.min.js`}
      licenseKey="gpl"
      value={value ?? ''}
      onEditorChange={(html) => onChange?.(html)}
      readonly={readOnly ?? false}
      onScriptsLoad={() => {
        const tinymce = (window as unknown as { tinymce?: TinyMCE }).tinymce;
        tinymce?.addI18n('ru', RU_EXTRA);
      }}
      init={{
        height,
        menubar: false,
        // Every button in sight, wrapped onto a second row on narrow screens, rather than behind a '…' menu.
        toolbar_mode: 'wrap',
        promotion: false,
        branding: false,
        statusbar: true,
        elementpath: false,
        base_url: base.replace(/\/$/, ''),
        suffix: '.min',
        ...(language === 'ru' ? { language: 'ru' } : {}),
        // The plugins the build copies (tinymce.json, build/tinymce-assets.js): one list, so none is missing.
        plugins: files.plugins.join(' '),
        toolbar:
          'undo redo | blocks | bold italic underline | alignleft aligncenter alignright | ' +
          'bullist numlist blockquote | link image table | removeformat code',
        block_formats: blockFormats,
        // TinyMCE names the editing area inside its iframe (`aria-label` on the iframe's <body>, which ARIA does not
        // allow there: axe `aria-prohibited-attr`, serious), not the iframe itself (axe `frame-title`, #28). The
        // field's label names the frame instead, from the moment the frame exists.
        iframe_attrs: label ? { title: label } : {},
        init_instance_callback: (editor) => editor.getBody().removeAttribute('aria-label'),
        // Site-relative URLs (`/api/users/images/12-960x0.webp`, `/about`): what the sanitizer keeps, and what
        // keeps working when the site moves to another host.
        relative_urls: false,
        remove_script_host: true,
        convert_urls: true,
        images_upload_handler: uploadHandler,
        automatic_uploads: true,
        image_uploadtab: true,
        image_description: true,
        images_file_types: 'jpeg,jpg,png,webp',
        link_default_target: '',
        link_assume_external_targets: 'https',
        entity_encoding: 'raw',
      }}
    />
  );
}
