/** The content domain's messages, in both languages (the panel's Pages section shows them on its fields). */
import type { Messages } from '../../lib/messages.ts';

export const CONTENT_MESSAGES = {
  // DRF's unique validator, with the model's verbose name.
  slugTaken: { en: 'page with this slug already exists.', ru: 'Страница с таким slug уже существует.' },
  slugReserved: {
    en: 'This address belongs to a section of the site; choose another.',
    ru: 'Этот адрес занят разделом сайта, выберите другой.',
  },
  anchorTaken: {
    en: 'A block with this anchor already exists on this page.',
    ru: 'Блок с таким якорем уже есть на этой странице.',
  },
  homeProtected: {
    en: 'The home page cannot be deleted; unpublish its blocks instead.',
    ru: 'Главную страницу нельзя удалить: снимите её блоки с публикации.',
  },
  badParent: {
    en: 'The parent must be a top-level item, and an item with children cannot move under another.',
    ru: 'Родителем может быть только пункт верхнего уровня, а пункт с вложенными пунктами нельзя вложить в другой.',
  },
} as const satisfies Messages;
