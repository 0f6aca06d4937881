import { IMAGE_SIZES } from '@proxy/contract/images';
import { testRefusals } from '../../test/refusals.ts';
import { IMAGE_REFUSALS } from './refusals.ts';

// The contract's allow-list, as the message lists it.
const SIZES = IMAGE_SIZES.join(', ');

testRefusals('images', IMAGE_REFUSALS, {
  fileRequired: {
    refusal: IMAGE_REFUSALS.fileRequired(),
    status: 400,
    en: { file: ['No file was submitted.'] },
    ru: { file: ['Не был загружен файл.'] },
  },
  oneFile: {
    refusal: IMAGE_REFUSALS.oneFile(),
    status: 400,
    en: { file: ['Send one file only.'] },
    ru: { file: ['Отправьте только один файл.'] },
  },
  fileTooLarge: {
    refusal: IMAGE_REFUSALS.fileTooLarge({ maxBytes: 10 * 1024 * 1024 }),
    status: 413,
    en: { file: ['The file is too large: at most 10 MB.'] },
    ru: { file: ['Файл слишком большой: не более 10 МБ.'] },
  },
  malformed: {
    refusal: IMAGE_REFUSALS.malformed(),
    status: 400,
    en: { detail: 'Malformed request.' },
    ru: { detail: 'Искаженный запрос.' },
  },
  empty: {
    refusal: IMAGE_REFUSALS.empty(),
    status: 400,
    en: { file: ['The submitted file is empty.'] },
    ru: { file: ['Загруженный файл пуст.'] },
  },
  type: {
    refusal: IMAGE_REFUSALS.type(),
    status: 400,
    en: { file: ['Upload a JPEG, PNG or WebP image. Other file types are not accepted, whatever their name.'] },
    ru: {
      file: ['Загрузите изображение JPEG, PNG или WebP. Файлы других типов не принимаются, как бы они ни назывались.'],
    },
  },
  invalid: {
    refusal: IMAGE_REFUSALS.invalid(),
    status: 400,
    en: { file: ['Upload a valid image. The file you uploaded was either not an image or a corrupted image.'] },
    ru: {
      file: ['Загрузите корректное изображение. Загруженный файл не является изображением, либо является испорченным.'],
    },
  },
  tooManyPixels: {
    refusal: IMAGE_REFUSALS.tooManyPixels(),
    status: 400,
    en: { file: ['The image is too large: at most 40 megapixels and 10000 pixels on each side.'] },
    ru: { file: ['Изображение слишком большое: не более 40 мегапикселей и 10000 пикселей по каждой стороне.'] },
  },
  unknownFormat: {
    refusal: IMAGE_REFUSALS.unknownFormat({ format: 'gif' }),
    status: 400,
    en: { detail: 'Format "gif" is not supported. Use one of: webp, jpeg, png.' },
    ru: { detail: 'Формат «gif» не поддерживается. Доступные форматы: webp, jpeg, png.' },
  },
  sizeNotAllowed: {
    refusal: IMAGE_REFUSALS.sizeNotAllowed({ size: '7x7' }),
    status: 400,
    en: { detail: `Size 7x7 is not in the list of allowed sizes: ${SIZES}.` },
    ru: { detail: `Размер 7x7 не входит в список допустимых: ${SIZES}.` },
  },
  crop: {
    refusal: IMAGE_REFUSALS.crop(),
    status: 400,
    en: { detail: 'Cropping (-c) needs a size with both a width and a height, e.g. -640x480-c.' },
    ru: { detail: 'Для обрезки (-c) нужен размер с шириной и высотой, например -640x480-c.' },
  },
  busy: {
    refusal: IMAGE_REFUSALS.busy(),
    status: 503,
    en: { detail: 'Too many images are being prepared right now. Try again in a few seconds.' },
    ru: { detail: 'Сейчас готовится слишком много изображений. Повторите запрос через несколько секунд.' },
    headers: { 'retry-after': '2' },
  },
});
