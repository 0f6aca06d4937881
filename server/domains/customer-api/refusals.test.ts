import { testRefusals } from '../../test/refusals.ts';
import { CUSTOMER_API_REFUSALS } from './refusals.ts';

testRefusals('customer-api', CUSTOMER_API_REFUSALS, {
  missingScope: {
    refusal: CUSTOMER_API_REFUSALS.missingScope({ scope: 'proxies:write' }),
    status: 403,
    en: { detail: 'This API key lacks the "proxies:write" scope.' },
    ru: { detail: 'У этого API-ключа нет права «proxies:write».' },
  },
  paidMoveScope: {
    refusal: CUSTOMER_API_REFUSALS.paidMoveScope({ fee: 15000, currency: 'RUB' }),
    status: 403,
    en: { detail: 'This move costs RUB\u00a0150 from the balance: it needs a key with the "orders:write" scope too.' },
    ru: { detail: 'Этот перенос стоит 150\u00a0₽ с баланса: для него ключу нужно и право «orders:write».' },
  },
});
