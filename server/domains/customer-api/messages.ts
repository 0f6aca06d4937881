/** The customer API's own messages (issue #30), in both languages. */
import { formatPrice, type Currency } from '@proxy/contract/money';
import type { Messages } from '../../lib/messages.ts';

export const CUSTOMER_API_MESSAGES = {
  missingScope: ({ scope }: { readonly scope: string }) => ({
    en: `This API key lacks the "${scope}" scope.`,
    ru: `У этого API-ключа нет права «${scope}».`,
  }),
  /** A move with a fee asked with a key that may change proxies but not spend the balance. */
  paidMoveScope: ({ fee, currency }: { readonly fee: number; readonly currency: Currency }) => ({
    en: `This move costs ${formatPrice(fee, currency, 'en')} from the balance: it needs a key with the "orders:write" scope too.`,
    ru: `Этот перенос стоит ${formatPrice(fee, currency, 'ru')} с баланса: для него ключу нужно и право «orders:write».`,
  }),
} as const satisfies Messages;
