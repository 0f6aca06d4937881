/** The demo header menu: anchors into the home page, the content pages, and a help group with children. */
export interface SeedMenuItem {
  readonly ru: string;
  readonly en: string;
  readonly link: string;
  readonly children?: readonly { readonly ru: string; readonly en: string; readonly link: string }[];
}

export const SEED_MENU: readonly SeedMenuItem[] = [
  { ru: 'Преимущества', en: 'Why us', link: '#features' },
  { ru: 'О сервисе', en: 'About', link: '/about' },
  {
    ru: 'Помощь',
    en: 'Help',
    link: '/page',
    children: [
      { ru: 'Вопросы и ответы', en: 'FAQ', link: '/faq' },
      { ru: 'Условия использования', en: 'Terms of service', link: '/terms' },
    ],
  },
  { ru: 'Скачать', en: 'Downloads', link: '/downloads' },
  { ru: 'Контакты', en: 'Contacts', link: '/contacts' },
];
