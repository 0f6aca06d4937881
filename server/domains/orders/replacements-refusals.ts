/** What replacing a proxy whose IP is bad (#49 item 9) refuses, with the statuses the contract's `replaceProxy` names. */
import { defineRefusals } from '../../lib/refusal.ts';
import { REPLACEMENT_MESSAGES } from './replacements-messages.ts';

export const REPLACEMENT_REFUSALS = defineRefusals('replacements', {
  noStock: { status: 409, message: REPLACEMENT_MESSAGES.noStock },
  inactive: { status: 403, message: REPLACEMENT_MESSAGES.inactive },
  trial: { status: 403, message: REPLACEMENT_MESSAGES.trial },
  transferPending: { status: 409, message: REPLACEMENT_MESSAGES.transferPending },
  /**
   * No `Retry-After`: the customer API words every 429 that has one as "try again in N seconds" (lib/api-error.ts),
   * and this one says the date instead (the quote's `next_at` has it as a timestamp).
   */
  limitReached: { status: 429, message: REPLACEMENT_MESSAGES.limitReached },
});
