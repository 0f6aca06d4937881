import { testRefusals } from '../../test/refusals.ts';
import { VERSION_REFUSALS } from './refusals.ts';

testRefusals('versions', VERSION_REFUSALS, {
  fileRequired: {
    refusal: VERSION_REFUSALS.fileRequired(),
    status: 400,
    en: { file: ['No file was submitted.'] },
    ru: { file: ['Не был загружен файл.'] },
  },
  fileEmpty: {
    refusal: VERSION_REFUSALS.fileEmpty(),
    status: 400,
    en: { file: ['The submitted file is empty.'] },
    ru: { file: ['Загруженный файл пуст.'] },
  },
  oneFile: {
    refusal: VERSION_REFUSALS.oneFile(),
    status: 400,
    en: { file: ['Send one file only.'] },
    ru: { file: ['Отправьте только один файл.'] },
  },
  badName: {
    refusal: VERSION_REFUSALS.badName(),
    status: 400,
    en: {
      file: ['The file name may not contain slashes, "..", or control characters, and must be at most 255 bytes long.'],
    },
    ru: {
      file: ['Имя файла не может содержать косые черты, «..» и управляющие символы и должно быть не длиннее 255 байт.'],
    },
  },
  fileTooLarge: {
    refusal: VERSION_REFUSALS.fileTooLarge({ maxBytes: 1536 * 1024 }),
    status: 413,
    en: { file: ['The file is too large: at most 1.5 MB.'] },
    ru: { file: ['Файл слишком большой: не более 1.5 МБ.'] },
  },
  malformed: {
    refusal: VERSION_REFUSALS.malformed(),
    status: 400,
    en: { detail: 'Malformed request.' },
    ru: { detail: 'Искаженный запрос.' },
  },
  codeNotHigher: {
    refusal: VERSION_REFUSALS.codeNotHigher({ highest: 42 }),
    status: 400,
    en: { version_code: ['The version code must be higher than 42, the highest of this platform and channel.'] },
    ru: { version_code: ['Код версии должен быть больше 42: это наибольший код этой платформы и канала.'] },
  },
  fileOrUrl: {
    refusal: VERSION_REFUSALS.fileOrUrl(),
    status: 400,
    en: { file_id: ['Upload a file or give an external URL.'] },
    ru: { file_id: ['Загрузите файл или укажите внешнюю ссылку.'] },
  },
  notBoth: {
    refusal: VERSION_REFUSALS.notBoth(),
    status: 400,
    en: { external_url: ['Give either an uploaded file or an external URL, not both.'] },
    ru: { external_url: ['Укажите либо загруженный файл, либо внешнюю ссылку, но не оба сразу.'] },
  },
  unknownFile: {
    refusal: VERSION_REFUSALS.unknownFile(),
    status: 400,
    en: { file_id: ['There is no uploaded file with this id.'] },
    ru: { file_id: ['Загруженного файла с таким id нет.'] },
  },
  fileUsed: {
    refusal: VERSION_REFUSALS.fileUsed(),
    status: 400,
    en: { file_id: ['This file belongs to another release. Upload it again for this one.'] },
    ru: { file_id: ['Этот файл принадлежит другому релизу. Загрузите его заново для этого.'] },
  },
  noRelease: {
    refusal: VERSION_REFUSALS.noRelease(),
    status: 404,
    en: { detail: 'No published release for this platform and channel.' },
    ru: { detail: 'Для этой платформы и канала нет опубликованного релиза.' },
  },
});
