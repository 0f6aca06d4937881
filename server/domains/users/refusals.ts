/** What staff's changes to an account are refused for (the errors plugin words them). */
import { MESSAGES } from '../../lib/messages.ts';
import { defineRefusals } from '../../lib/refusal.ts';
import { PEOPLE_MESSAGES } from './messages.ts';

export const PEOPLE_REFUSALS = defineRefusals('users', {
  /** A grant the actor may not make, judged on the locked rows: 403, as DRF's permission check. */
  forbidden: { status: 403, message: MESSAGES.permissionDenied },
  ownSuperuser: { status: 400, field: 'is_superuser', message: PEOPLE_MESSAGES.ownSuperuser },
  ownBlock: { status: 400, field: 'is_active', message: PEOPLE_MESSAGES.ownBlock },
  /** A debit below zero (the ledger's overdraft), on the form's amount. */
  balanceWouldBeNegative: { status: 400, field: 'amount', message: PEOPLE_MESSAGES.balanceWouldBeNegative },
});
