/**
 * The versions endpoints' messages in both languages. "No file was submitted." and "The submitted file is empty."
 * are DRF's FileField texts with their Russian translations; the rest are ours.
 */
import type { Language } from '@proxy/contract/languages';

type Texts = Readonly<Record<Language, string>>;

const TEXTS = {
  required: { en: 'No file was submitted.', ru: 'Не был загружен файл.' },
  empty: { en: 'The submitted file is empty.', ru: 'Загруженный файл пуст.' },
  oneFile: { en: 'Send one file only.', ru: 'Отправьте только один файл.' },
  // DRF's ParseError.
  malformed: { en: 'Malformed request.', ru: 'Искаженный запрос.' },
  badName: {
    en: 'The file name may not contain slashes, "..", or control characters, and must be at most 255 bytes long.',
    ru: 'Имя файла не может содержать косые черты, «..» и управляющие символы и должно быть не длиннее 255 байт.',
  },
  fileOrUrl: {
    en: 'Upload a file or give an external URL.',
    ru: 'Загрузите файл или укажите внешнюю ссылку.',
  },
  notBoth: {
    en: 'Give either an uploaded file or an external URL, not both.',
    ru: 'Укажите либо загруженный файл, либо внешнюю ссылку, но не оба сразу.',
  },
  unknownFile: { en: 'There is no uploaded file with this id.', ru: 'Загруженного файла с таким id нет.' },
  fileUsed: {
    en: 'This file belongs to another release. Upload it again for this one.',
    ru: 'Этот файл принадлежит другому релизу. Загрузите его заново для этого.',
  },
  noRelease: {
    en: 'No published release for this platform and channel.',
    ru: 'Для этой платформы и канала нет опубликованного релиза.',
  },
} as const satisfies Record<string, Texts>;

export type VersionMessageKey = keyof typeof TEXTS;

export function versionMessage(key: VersionMessageKey, language: Language): string {
  return TEXTS[key][language];
}

export function codeNotHigher(highest: number, language: Language): string {
  return language === 'ru'
    ? `Код версии должен быть больше ${highest}: это наибольший код этой платформы и канала.`
    : `The version code must be higher than ${highest}, the highest of this platform and channel.`;
}

export function fileTooLarge(maxBytes: number, language: Language): string {
  const megabytes = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  return language === 'ru'
    ? `Файл слишком большой: не более ${megabytes} МБ.`
    : `The file is too large: at most ${megabytes} MB.`;
}
