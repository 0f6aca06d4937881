import type { RemoteModule } from '@proxy/contract/remote';
import en from './i18n/en.json';
import ru from './i18n/ru.json';
import { ApiDocs, loadApiDocs } from './api-docs/lazy-api-docs.tsx';
import { Downloads, loadDownloads } from './downloads/lazy-downloads.tsx';
import { HomePage, loadHome } from './pages/HomePage.tsx';
import { ContentPage, loadContentPage } from './pages/ContentPage.tsx';

/**
 * The marketing remote: the home page, the content pages (`/{id}`, `/page/{id?}`), the downloads (`/downloads`) and
 * the customer API's documentation (`/api-docs`).
 */
const marketing: RemoteModule = {
  pages: {
    home: { Component: HomePage, loader: loadHome },
    page: { Component: ContentPage, loader: loadContentPage },
    contentPage: { Component: ContentPage, loader: loadContentPage },
    downloads: { Component: Downloads, loader: loadDownloads },
    // Fetched from the browser without credentials, with a "try it" console that runs on the visitor's key.
    apiDocs: { Component: ApiDocs, loader: loadApiDocs, clientOnly: true },
  },
  translations: { ru, en },
};

export const { pages, translations } = marketing;
