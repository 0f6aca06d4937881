import type { Language } from './languages.ts';
import type { RouteId } from './routes.ts';

/**
 * The document title, one rule for the server (the first document) and the browser (every client-side navigation),
 * so a reload never shows a different title from the one a click led to: a content page is titled by its SEO title,
 * or its title when that is empty; every other screen by its name and the site's name ("Мои IP — ProxyMob"), so tabs
 * can be told apart and a screen reader announces where a navigation led.
 */

/**
 * The site's name when the server's `SITE_NAME` is unset. The name itself is configuration: the server reads it
 * once at start and embeds it in every document's state (`siteName`), so e-mails, the document title, the header
 * and the footer all say the configured name; this default is only what they say before anyone configured one.
 */
export const DEFAULT_SITE_NAME = 'ProxyMob';

export function documentTitle(siteName: string, page?: { readonly title: string; readonly seo_title: string }): string {
  return page?.seo_title || page?.title || siteName;
}

/** A screen's name before the site's: "Мои IP — ProxyMob"; the site's name alone for a screen without one. */
export function screenTitle(siteName: string, name: string | undefined): string {
  return name ? `${name} — ${siteName}` : siteName;
}

/**
 * The name of each screen that has no content of its own to be titled by, in both languages: the server titles the
 * first document from here and the shell every navigation, from one table. The home page and content pages are
 * titled by their CMS rows instead; a proxy's page refines its generic name with the proxy's own once it is loaded.
 */
export const ROUTE_TITLES: Readonly<Partial<Record<RouteId, Readonly<Record<Language, string>>>>> = {
  account: { ru: 'Личный кабинет', en: 'Account' },
  user: { ru: 'Профиль', en: 'Profile' },
  contentPage: { ru: 'Помощь', en: 'Help' },
  order: { ru: 'Заказ прокси', en: 'Order proxies' },
  ipList: { ru: 'Мои IP', en: 'My IPs' },
  ipTransfer: { ru: 'Передача прокси', en: 'Proxy transfers' },
  ipDetail: { ru: 'Прокси', en: 'Proxy' },
  downloads: { ru: 'Приложения', en: 'Apps' },
  apiDocs: { ru: 'API для клиентов', en: 'Customer API' },
  panelLogin: { ru: 'Вход в панель', en: 'Panel sign-in' },
  panelHome: { ru: 'Панель управления', en: 'Control panel' },
  panelPages: { ru: 'Страницы · Панель', en: 'Pages · Panel' },
  panelPageAdd: { ru: 'Новая страница · Панель', en: 'New page · Panel' },
  panelPageEdit: { ru: 'Страница · Панель', en: 'Page · Panel' },
  panelPayments: { ru: 'Платежи · Панель', en: 'Payments · Panel' },
  panelPaymentAdd: { ru: 'Новый способ оплаты · Панель', en: 'New payment method · Panel' },
  panelPaymentEdit: { ru: 'Способ оплаты · Панель', en: 'Payment method · Panel' },
  panelFarm: { ru: 'Ферма · Панель', en: 'Farm · Panel' },
  panelFarmModemAdd: { ru: 'Новый модем · Панель', en: 'New modem · Panel' },
  panelFarmModemEdit: { ru: 'Модем · Панель', en: 'Modem · Panel' },
  panelFarmHostAdd: { ru: 'Новый хост фермы · Панель', en: 'New farm host · Panel' },
  panelFarmHostEdit: { ru: 'Хост фермы · Панель', en: 'Farm host · Panel' },
  panelUsers: { ru: 'Пользователи · Панель', en: 'Users · Panel' },
  panelUserEdit: { ru: 'Пользователь · Панель', en: 'User · Panel' },
  panelVersions: { ru: 'Версии приложений · Панель', en: 'App versions · Panel' },
  panelVersionAdd: { ru: 'Новая версия · Панель', en: 'New version · Panel' },
  panelVersionEdit: { ru: 'Версия приложения · Панель', en: 'App version · Panel' },
};

/** The name of the page at an unknown address (the 404 page), in both languages. */
export const NOT_FOUND_TITLE: Readonly<Record<Language, string>> = { ru: 'Страница не найдена', en: 'Page not found' };

/** The title of a route's screen in a language: its name from the table before the site's name. */
export function routeTitle(siteName: string, routeId: RouteId | undefined, language: Language): string {
  return screenTitle(siteName, routeId === undefined ? undefined : ROUTE_TITLES[routeId]?.[language]);
}
