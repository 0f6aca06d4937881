/**
 * The session state's shape (spec §3) as plain data: what the server embeds in the HTML document and what the
 * client's store starts from. No jotai and no React here, so the server builds the document's state without
 * creating a store or an API client in Node; the store around it lives in `state.ts`.
 */
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';
import type { PaymentMethod } from './schemas/billing.ts';
import type { FooterLink, MenuItem } from './schemas/menu.ts';
import type { Price, StockItem } from './schemas/orders.ts';
import type { AuthUser } from './schemas/user.ts';
import { DEFAULT_SITE_NAME } from './titles.ts';

export type MessageColor = 'success' | 'error';
export interface Message {
  readonly show: boolean;
  readonly text: string;
  readonly color: MessageColor;
}
export const EMPTY_MESSAGE: Message = { show: false, text: '', color: 'success' };

/** What the server may embed in the HTML document so the first render already knows the session. */
export interface InitialState {
  readonly drawer: boolean;
  readonly user: AuthUser | null;
  readonly token: string;
  readonly ip: string;
  readonly message: Message;
  readonly mobile: boolean;
  readonly menu: readonly MenuItem[];
  /** The footer's links (pages placed in the footer); beyond spec §3's keys, which name no footer. */
  readonly footer: readonly FooterLink[];
  readonly block: Readonly<Record<string, unknown>>;
  readonly pages: readonly unknown[];
  readonly element: Readonly<Record<string, unknown>>;
  readonly language: Language;
  /**
   * The site's name (the server's SITE_NAME): the header, the footer's copyright and the document title say it, so a
   * site renamed in its configuration is renamed everywhere without a rebuild.
   */
  readonly siteName: string;
  /** Where the API lives when not on this origin (the server's API_URL, spec §7); absent: this origin. */
  readonly apiUrl?: string;
  /** Third-party script URLs configured on the server (analytics tag, live chat); absent when off. */
  readonly integrations?: { readonly analytics?: string; readonly chat?: string };
  /** Set by the server when loading the signed-in user failed with a status other than 401: show that error page. */
  readonly startError?: { readonly status: number };
}

export const INITIAL_STATE: InitialState = {
  drawer: true,
  user: null,
  token: '',
  ip: '',
  message: EMPTY_MESSAGE,
  mobile: false,
  menu: [],
  footer: [],
  block: {},
  pages: [],
  element: {},
  language: DEFAULT_LANGUAGE,
  siteName: DEFAULT_SITE_NAME,
};

/** The initial values of spec §3, overlaid with what the server embedded. */
export function initialState(embedded: Partial<InitialState> = {}): InitialState {
  return { ...INITIAL_STATE, ...embedded };
}

/** The `block` key the server embeds the home page under, per language. */
export const homeBlockKey = (language: Language): string => `home:${language}`;

/** The `block` key the server embeds a content page (`/{id}`, `/page/{id}`) under, per language. */
export const pageBlockKey = (slug: string, language: Language): string => `page:${slug}:${language}`;

/** A payment method as the home page's stock strip shows it: its name, and its icon when it has one. */
export type PaymentMethodBadge = Pick<PaymentMethod, 'id' | 'name' | 'icon'>;

/**
 * What the home page's stock strip shows, as the server read it for the document: `GET /api/stock/`'s answer and the
 * active payment methods. Embedded so the strip's first paint already has its figures (or knows there are none) and
 * neither waits for a request nor holds an empty box in the hero while it does.
 */
export interface HomeStock {
  readonly stock: readonly StockItem[];
  readonly prices: readonly Price[];
  readonly methods: readonly PaymentMethodBadge[];
}

/** The `block` key the server embeds the home page's stock strip (`HomeStock`) under, per language. */
export const homeStockKey = (language: Language): string => `stock:${language}`;
