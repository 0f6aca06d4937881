/**
 * What transfers refuse (the errors plugin words them): a 400 on the field for an offer the form can fix, and a 409
 * `{detail}` for an answer to an offer that can no longer be given.
 */
import { defineRefusals } from '../../lib/refusal.ts';
import { TRANSFER_MESSAGES } from './messages.ts';

export const TRANSFER_REFUSALS = defineRefusals('transfers', {
  self: { status: 400, field: 'email', message: TRANSFER_MESSAGES.self },
  proxyInactive: { status: 400, field: 'proxy_id', message: TRANSFER_MESSAGES.proxyInactive },
  /** A free trial is its taker's only (#43): once per mailbox, not once per mailbox and then any account's. */
  trial: { status: 400, field: 'proxy_id', message: TRANSFER_MESSAGES.trial },
  /** One pending offer per proxy (`transfers_one_pending` backs it up). */
  pending: { status: 400, field: 'proxy_id', message: TRANSFER_MESSAGES.pending },
  /** Accepted, declined, cancelled or lapsed already. */
  decided: { status: 409, message: TRANSFER_MESSAGES.decided },
  proxyExpired: { status: 409, message: TRANSFER_MESSAGES.proxyExpired },
  proxySuspended: { status: 409, message: TRANSFER_MESSAGES.proxySuspended },
  proxyGone: { status: 409, message: TRANSFER_MESSAGES.proxyGone },
});
