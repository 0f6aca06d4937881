/**
 * A ledger line's words, rendered when it is read, in the reader's language (#49): an entry stores what it means
 * (`ledger_entries.data`, the facts of its kind) and never finished text, so an account whose language changed reads
 * its whole history in the new one. The one renderer every reader of the ledger goes through.
 *
 * `reason` keeps only what a person typed (a staff adjustment's reason, the note of a hand-confirmed payment): it is
 * shown verbatim. A line written before the facts were stored, which the migration could not read (`data` empty),
 * shows the text it was written with: nothing is lost.
 */
import { cityName, operatorName } from '@proxy/contract/countries';
import type { Language } from '@proxy/contract/languages';
import type { LedgerKind } from '@proxy/contract/schemas/billing';
import { LEDGER_MESSAGES } from './messages.ts';

/** Where a proxy is, as order lines and transfers keep it: the English city name is the key. */
export interface LedgerPlace {
  readonly country: string;
  readonly city: string;
  readonly operator: string;
}

/** The facts of each kind, as posters write them; an old line the migration could not read has none (`{}`). */
export type LedgerData =
  | { readonly invoice_id: number }
  | { readonly order_id: number }
  /** A move: the place the proxy moved to. */
  | ({ readonly move_id: number; readonly proxy_id: number } & LedgerPlace)
  | { readonly renewal_id: number; readonly proxies: number; readonly period_days: number }
  | { readonly proxy_id: number; readonly period_days: number; readonly auto: true }
  | ({ readonly transfer_id: number; readonly given: boolean; readonly other_email: string } & LedgerPlace)
  | Record<string, never>;

/**
 * A stored line as the renderer needs it; `city_ru` and `operator_ru` are the Russian names of the place's city and
 * operator ('' while none).
 */
export interface StoredLine {
  readonly kind: LedgerKind;
  readonly reason: string;
  readonly data: Record<string, unknown>;
  readonly city_ru: string;
  readonly operator_ru: string;
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function placeOf({ data, city_ru, operator_ru }: StoredLine, language: Language): string | null {
  const country = str(data.country);
  const city = str(data.city);
  const operator = str(data.operator);
  if (!country || !city || !operator) return null;
  return `${country}, ${cityName({ city, city_ru }, language)}, ${operatorName({ operator, operator_ru }, language)}`;
}

type Renderer = (line: StoredLine, language: Language) => string | null;

/** One function per kind; null: the facts are not there (an old row), so the stored text stands. */
const RENDERERS: Readonly<Record<LedgerKind, Renderer>> = {
  transfer(line, language) {
    const { data } = line;
    const email = str(data.other_email);
    const place = placeOf(line, language);
    if (!email || !place || typeof data.given !== 'boolean') return null;
    const message = data.given ? LEDGER_MESSAGES.transferGiven : LEDGER_MESSAGES.transferReceived;
    return message({ place, email })[language];
  },
  purchase(line, language) {
    const { data } = line;
    // An order's line needs no words: its reference is the order, which every page links.
    if (num(data.order_id) !== null) return '';
    const proxy = num(data.proxy_id);
    const place = placeOf(line, language);
    if (num(data.move_id) === null || proxy === null || !place) return null;
    return LEDGER_MESSAGES.moved({ proxy, place })[language];
  },
  renewal(line, language) {
    const { data } = line;
    const days = num(data.period_days);
    if (days === null) return null;
    const proxy = num(data.proxy_id);
    if (data.auto === true && proxy !== null) return LEDGER_MESSAGES.autoRenewed({ proxy, days })[language];
    const proxies = num(data.proxies);
    if (num(data.renewal_id) === null || proxies === null) return null;
    return LEDGER_MESSAGES.renewed({ proxies, days })[language];
  },
  // What a person typed, as typed: nothing composed was ever stored for these.
  topup: (line) => line.reason,
  refund: (line) => line.reason,
  adjustment: (line) => line.reason,
};

/** The line's words in `language`. */
export function renderLedgerLine(line: StoredLine, language: Language): string {
  return RENDERERS[line.kind](line, language) ?? line.reason;
}
