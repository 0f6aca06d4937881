/** What the free trial refuses (the errors plugin words them in the request's language). */
import { MESSAGES } from '../../lib/messages.ts';
import { defineRefusals } from '../../lib/refusal.ts';
import { TRIAL_MESSAGES } from './messages.ts';

export const TRIAL_REFUSALS = defineRefusals('trial', {
  off: { status: 403, message: TRIAL_MESSAGES.off },
  notVerified: { status: 403, message: TRIAL_MESSAGES.notVerified },
  /** Once per mailbox (the canonical e-mail, look-alikes folded) and once per account. */
  taken: { status: 409, message: TRIAL_MESSAGES.taken },
  addressLimit: { status: 429, message: TRIAL_MESSAGES.addressLimit },
  /** Fewer free modems in the place than staff's minimum, counted under their locks. */
  noStock: { status: 409, message: TRIAL_MESSAGES.noStock },
  placeNotOffered: { status: 400, field: 'operator', message: TRIAL_MESSAGES.placeNotOffered },
  unknownPlace: { status: 400, field: 'places', message: TRIAL_MESSAGES.unknownPlace },
  /** Staff blocked the account while the request was under way (as an order words it). */
  blocked: { status: 401, message: MESSAGES.userInactive, headers: { 'www-authenticate': 'Token' } },
});
