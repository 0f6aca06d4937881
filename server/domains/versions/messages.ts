/**
 * The versions endpoints' messages in both languages. "No file was submitted." and "The submitted file is empty."
 * are DRF's FileField texts with their Russian translations; the rest are ours.
 */
import type { Messages } from '../../lib/messages.ts';

export const VERSION_MESSAGES = {
  required: { en: 'No file was submitted.', ru: 'Не был загружен файл.' },
  empty: { en: 'The submitted file is empty.', ru: 'Загруженный файл пуст.' },
  oneFile: { en: 'Send one file only.', ru: 'Отправьте только один файл.' },
  // DRF's ParseError.
  malformed: { en: 'Malformed request.', ru: 'Искаженный запрос.' },
  badName: {
    en: 'The file name may not contain slashes, "..", or control characters, and must be at most 255 bytes long.',
    ru: 'Имя файла не может содержать косые черты, «..» и управляющие символы и должно быть не длиннее 255 байт.',
  },
  fileTooLarge: ({ maxBytes }: { readonly maxBytes: number }) => {
    const megabytes = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
    return {
      en: `The file is too large: at most ${megabytes} MB.`,
      ru: `Файл слишком большой: не более ${megabytes} МБ.`,
    };
  },
  codeNotHigher: ({ highest }: { readonly highest: number }) => ({
    en: `The version code must be higher than ${highest}, the highest of this platform and channel.`,
    ru: `Код версии должен быть больше ${highest}: это наибольший код этой платформы и канала.`,
  }),
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
} as const satisfies Messages;
