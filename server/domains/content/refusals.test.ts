import { testRefusals } from '../../test/refusals.ts';
import { CONTENT_REFUSALS } from './refusals.ts';

testRefusals('content', CONTENT_REFUSALS, {
  slugTaken: {
    refusal: CONTENT_REFUSALS.slugTaken(),
    status: 400,
    en: { slug: ['page with this slug already exists.'] },
    ru: { slug: ['Страница с таким slug уже существует.'] },
  },
  slugReserved: {
    refusal: CONTENT_REFUSALS.slugReserved(),
    status: 400,
    en: { slug: ['This address belongs to a section of the site; choose another.'] },
    ru: { slug: ['Этот адрес занят разделом сайта, выберите другой.'] },
  },
  anchorTaken: {
    refusal: CONTENT_REFUSALS.anchorTaken(),
    status: 400,
    en: { anchor: ['A block with this anchor already exists on this page.'] },
    ru: { anchor: ['Блок с таким якорем уже есть на этой странице.'] },
  },
  homeProtected: {
    refusal: CONTENT_REFUSALS.homeProtected(),
    status: 400,
    en: { detail: 'The home page cannot be deleted; unpublish its blocks instead.' },
    ru: { detail: 'Главную страницу нельзя удалить: снимите её блоки с публикации.' },
  },
  badParent: {
    refusal: CONTENT_REFUSALS.badParent(),
    status: 400,
    en: {
      parent_id: ['The parent must be a top-level item, and an item with children cannot move under another.'],
    },
    ru: {
      parent_id: [
        'Родителем может быть только пункт верхнего уровня, а пункт с вложенными пунктами нельзя вложить в другой.',
      ],
    },
  },
});
