/** What replacing a proxy whose IP is bad (#49 item 9) says, in both languages. */
import type { Language } from '@proxy/contract/languages';
import { PROXY_REPLACEMENTS_PER_MONTH, PROXY_REPLACEMENT_WINDOW_DAYS } from '@proxy/contract/schemas/replacements';
import type { Messages } from '../../lib/messages.ts';

/** A moment as the reader reads it, in UTC (the server cannot know their time zone): "7 Dec 2026, 14:00 UTC". */
function when(at: Date, language: Language): string {
  const text = new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at);
  return `${text} UTC`;
}

/** "3 раза", "5 раз": the limit is a constant, its Russian word follows it. */
const timesRu = (count: number) => `${count} ${new Intl.PluralRules('ru').select(count) === 'few' ? 'раза' : 'раз'}`;

export const REPLACEMENT_MESSAGES = {
  /** Counted under the modems' locks: a shortage here is real. */
  noStock: {
    en: 'No other modem of this place and operator is free now: try again later or move the proxy to another place.',
    ru: 'Другого свободного модема в этом месте у этого оператора сейчас нет: попробуйте позже или перенесите прокси в другое место.',
  },
  inactive: {
    en: 'Only an active proxy can be replaced: renew it first.',
    ru: 'Заменить можно только активный прокси: сначала продлите его.',
  },
  /** A trial is given in the places staff chose, with stock kept for paying customers (#43), as a move says. */
  trial: {
    en: 'A free trial proxy cannot be replaced: renew it first, and it becomes an ordinary proxy.',
    ru: 'Прокси бесплатного теста нельзя заменить: сначала продлите его, и он станет обычным прокси.',
  },
  transferPending: {
    en: 'This proxy is being transferred to another account: cancel the transfer to replace it.',
    ru: 'Этот прокси передаётся другому аккаунту: отмените передачу, чтобы заменить его.',
  },
  /** The limit of the rolling window is used up: when the oldest replacement in it leaves the window. */
  limitReached: ({ next }: { readonly next: Date }) => ({
    en: `The replacement limit is used up: a proxy can be replaced ${PROXY_REPLACEMENTS_PER_MONTH} times in ${PROXY_REPLACEMENT_WINDOW_DAYS} days. The next replacement is possible from ${when(next, 'en')}.`,
    ru: `Лимит замен исчерпан: прокси можно заменить ${timesRu(PROXY_REPLACEMENTS_PER_MONTH)} за ${PROXY_REPLACEMENT_WINDOW_DAYS} дней. Следующая замена возможна с ${when(next, 'ru')}.`,
  }),
} as const satisfies Messages;
