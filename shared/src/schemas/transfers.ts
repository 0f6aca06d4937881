import * as v from 'valibot';
import { isEmail } from './auth.ts';
import { cityRu, operatorRu, noNullCharacters, rowId, text, wellFormed } from './fields.ts';
import { defineList, type ListParams } from './list-query.ts';

/**
 * Handing a proxy to another customer (docs/product.md "Proxies", `/ip/transfer/{id?}`): the owner offers it by
 * e-mail, the recipient accepts or declines, the sender may cancel while it is pending, and an offer lapses after
 * `TRANSFER_TTL_HOURS`. On accept the proxy moves with its remaining term, its password and change-IP link are
 * regenerated and auto-renew is switched off; both histories get a zero-amount `transfer` ledger entry.
 *
 * An offer to an address no customer has is answered exactly like one to a customer (and simply lapses), so the
 * page cannot be used to find out who is a customer.
 */

export const TRANSFER_STATES = ['pending', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

/** Which side of the offer the signed-in customer is on. */
export const TRANSFER_DIRECTIONS = ['outgoing', 'incoming'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];

/** A pending offer lapses this long after it was made. */
export const TRANSFER_TTL_HOURS = 72;
export const MAX_TRANSFER_NOTE = 190;

const timestamp = v.string();

/** One offer as either side sees it. */
export const TransferSchema = v.object({
  id: v.number(),
  /** Stored state, except that a pending offer past `expires_at` already reads `expired`. */
  state: v.picklist(TRANSFER_STATES),
  direction: v.picklist(TRANSFER_DIRECTIONS),
  /**
   * The proxy while the viewer owns it (the sender until accepted, the recipient after): `/ip/{proxy_id}` opens for
   * them. Null otherwise, and once the proxy has been released.
   */
  proxy_id: v.nullable(v.number()),
  /**
   * The viewer's own label of the proxy (its `comment`, '' when none), so the row names it as every other screen does
   * (#28); null whenever `proxy_id` is — neither side ever sees the other's label. Optional in answers: a server of
   * the previous shape does not send it.
   */
  proxy_comment: v.optional(v.nullable(v.string()), null),
  /** Where the proxy is, as it was when offered (kept after the proxy is gone). */
  country: v.string(),
  city: v.string(),
  city_ru: cityRu(),
  operator: v.string(),
  operator_ru: operatorRu(),
  /** The proxy's current expiry (the term that moves with it); null once it has been released. */
  proxy_expires_at: v.nullable(timestamp),
  /** The other side: the recipient's address as the sender typed it, or the sender's address for the recipient. */
  email: v.string(),
  note: v.string(),
  created_at: timestamp,
  /** When a pending offer lapses. */
  expires_at: timestamp,
  /** When it was accepted, declined, cancelled or lapsed; null while pending. */
  decided_at: v.nullable(timestamp),
});
export type Transfer = v.InferOutput<typeof TransferSchema>;

export const TRANSFER_LIST = defineList({
  orderings: ['created_at', 'expires_at'],
  filters: {
    direction: { type: 'list', choices: TRANSFER_DIRECTIONS },
    state: { type: 'list', choices: TRANSFER_STATES },
    created: { type: 'date_range' },
  },
});
export type TransferListParams = ListParams<typeof TRANSFER_LIST>;

/** `POST /api/transfers/`: offer one of my proxies to the customer with this e-mail address. */
export const TransferCreateSchema = v.object({
  proxy_id: rowId(),
  email: v.pipe(
    v.string(),
    v.trim(),
    noNullCharacters,
    wellFormed,
    v.minLength(1, 'required'),
    v.maxLength(254),
    v.check(isEmail, 'invalid_email'),
  ),
  note: v.optional(text(MAX_TRANSFER_NOTE), ''),
});
export type TransferCreate = v.InferInput<typeof TransferCreateSchema>;

/** How many pending offers the signed-in customer has to answer (the header's and the IP list's badge). */
export const TransferCountsSchema = v.object({ incoming_pending: v.number(), outgoing_pending: v.number() });
export type TransferCounts = v.InferOutput<typeof TransferCountsSchema>;
