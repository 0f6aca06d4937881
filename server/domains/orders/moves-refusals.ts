/** What a move of a proxy to another place refuses (#29), with the statuses the contract's `moveProxy` names. */
import { defineRefusals } from '../../lib/refusal.ts';
import { MOVE_MESSAGES } from './moves-messages.ts';

export const MOVE_REFUSALS = defineRefusals('moves', {
  noStock: { status: 409, message: MOVE_MESSAGES.noStock },
  samePlace: { status: 409, message: MOVE_MESSAGES.samePlace },
  badTarget: { status: 400, field: 'city', message: MOVE_MESSAGES.badTarget },
  inactive: { status: 403, message: MOVE_MESSAGES.inactive },
  trial: { status: 403, message: MOVE_MESSAGES.trial },
  transferPending: { status: 409, message: MOVE_MESSAGES.transferPending },
  insufficientFunds: { status: 402, message: MOVE_MESSAGES.insufficientFunds },
});
