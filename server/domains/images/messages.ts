/**
 * The image endpoints' messages in both languages. The first three are DRF's FileField/ImageField texts with their
 * Russian translations (a DRF client shows them as they are); the rest are ours, for checks DRF did not make.
 */
import { IMAGE_FORMATS, IMAGE_SIZES } from '@proxy/contract/images';
import type { Messages } from '../../lib/messages.ts';

export const IMAGE_MESSAGES = {
  required: { en: 'No file was submitted.', ru: 'Не был загружен файл.' },
  empty: { en: 'The submitted file is empty.', ru: 'Загруженный файл пуст.' },
  invalid: {
    en: 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.',
    ru: 'Загрузите корректное изображение. Загруженный файл не является изображением, либо является испорченным.',
  },
  type: {
    en: 'Upload a JPEG, PNG or WebP image. Other file types are not accepted, whatever their name.',
    ru: 'Загрузите изображение JPEG, PNG или WebP. Файлы других типов не принимаются, как бы они ни назывались.',
  },
  tooManyPixels: ({ maxPixels, maxEdge }: { readonly maxPixels: number; readonly maxEdge: number }) => {
    const megapixels = Math.round(maxPixels / 1_000_000);
    return {
      en: `The image is too large: at most ${megapixels} megapixels and ${maxEdge} pixels on each side.`,
      ru: `Изображение слишком большое: не более ${megapixels} мегапикселей и ${maxEdge} пикселей по каждой стороне.`,
    };
  },
  fileTooLarge: ({ maxBytes }: { readonly maxBytes: number }) => {
    const megabytes = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
    return {
      en: `The file is too large: at most ${megabytes} MB.`,
      ru: `Файл слишком большой: не более ${megabytes} МБ.`,
    };
  },
  oneFile: { en: 'Send one file only.', ru: 'Отправьте только один файл.' },
  // DRF's ParseError.
  malformed: { en: 'Malformed request.', ru: 'Искаженный запрос.' },
  unknownFormat: ({ format }: { readonly format: string }) => ({
    en: `Format "${format}" is not supported. Use one of: ${IMAGE_FORMATS.join(', ')}.`,
    ru: `Формат «${format}» не поддерживается. Доступные форматы: ${IMAGE_FORMATS.join(', ')}.`,
  }),
  sizeNotAllowed: ({ size }: { readonly size: string }) => ({
    en: `Size ${size} is not in the list of allowed sizes: ${IMAGE_SIZES.join(', ')}.`,
    ru: `Размер ${size} не входит в список допустимых: ${IMAGE_SIZES.join(', ')}.`,
  }),
  crop: {
    en: 'Cropping (-c) needs a size with both a width and a height, e.g. -640x480-c.',
    ru: 'Для обрезки (-c) нужен размер с шириной и высотой, например -640x480-c.',
  },
  busy: {
    en: 'Too many images are being prepared right now. Try again in a few seconds.',
    ru: 'Сейчас готовится слишком много изображений. Повторите запрос через несколько секунд.',
  },
} as const satisfies Messages;
