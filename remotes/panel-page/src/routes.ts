import type { RemoteModule } from '@proxy/contract/remote';
import en from './i18n/en.json';
import ru from './i18n/ru.json';
import { loadPageEdit, validatePageId } from './pages/page-resource.ts';
import { PageCreate } from './pages/PageCreate.tsx';
import { PageEdit } from './pages/PageEdit.tsx';
import { PagesSection } from './PagesSection.tsx';

/** The panel's Pages section: content pages with their blocks, the price table's plans and the site menu. */
const panelPage: RemoteModule = {
  pages: {
    panelPages: { Component: PagesSection, fetchesAfterRender: true },
    panelPageAdd: { Component: PageCreate },
    panelPageEdit: { Component: PageEdit, loader: loadPageEdit, validate: validatePageId },
  },
  translations: { ru, en },
};

export const { pages, translations } = panelPage;
