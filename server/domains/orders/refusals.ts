/** What ordering refuses, with the statuses of the contract (the errors plugin words them). */
import { MESSAGES } from '../../lib/messages.ts';
import { defineRefusals } from '../../lib/refusal.ts';
import { BILLING_MESSAGES } from '../billing/index.ts';
import { ORDER_MESSAGES } from './messages.ts';

export const ORDER_REFUSALS = defineRefusals('orders', {
  periodNotPriced: { status: 400, field: 'period_days', message: ORDER_MESSAGES.periodNotPriced },
  promo: { status: 400, field: 'promo_code', message: ORDER_MESSAGES.promo },
  /** Too few free modems, counted under their locks (a host out of ports sells nothing more either). */
  outOfStock: { status: 409, message: ORDER_MESSAGES.outOfStock },
  /** The balance does not cover the total: 402, as the contract has it (the ledger's own refusal is a 400). */
  insufficientFunds: { status: 402, message: BILLING_MESSAGES.insufficientFunds },
  /** A selection with a proxy that is not the customer's (or not there): DRF's PrimaryKeyRelatedField wording. */
  notOwned: { status: 400, field: 'ids', message: MESSAGES.doesNotExist },
  /** Staff blocked the account while the request was under way: as if its login had been refused already. */
  blocked: { status: 401, message: MESSAGES.userInactive, headers: { 'www-authenticate': 'Token' } },
});
