/** What the customer API refuses on its own; everything else is the domains' refusals it calls. */
import { defineRefusals } from '../../lib/refusal.ts';
import { CUSTOMER_API_MESSAGES } from './messages.ts';

export const CUSTOMER_API_REFUSALS = defineRefusals('customer-api', {
  missingScope: { status: 403, message: CUSTOMER_API_MESSAGES.missingScope },
  paidMoveScope: { status: 403, message: CUSTOMER_API_MESSAGES.paidMoveScope },
});
