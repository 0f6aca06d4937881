/**
 * Transfers' operations, each in one transaction that decides on locked rows. The one lock order every writer keeps:
 * **proxy → transfer → host → accounts**. An offer locks its proxy, then writes the offer; an accept locks the
 * proxy, then the offer (re-reading both), then the host (its agent is told) and the two accounts (ledger, in id
 * order); a decline or a cancel locks only the offer; the sweep claims offers with `SKIP LOCKED` and locks nothing
 * else. The farm's own writers lock a proxy before its host, and releasing a proxy (which nulls its offers' `proxy_id`)
 * locks the proxy before the offers: the same order, so none of them deadlock with a transfer.
 *
 * E-mails are queued in the outbox inside the same transaction (`mailer.enqueue`): one exists exactly when its change
 * committed, and it goes out from the `mail.deliver` job, so a known recipient's offer answers as fast as an unknown
 * one's (one more INSERT, no SMTP on the request's path).
 */
import type * as v from 'valibot';
import type { Currency } from '@proxy/contract/money';
import { TRANSFER_TTL_HOURS, type TransferCreateSchema } from '@proxy/contract/schemas/transfers';
import type { Db, Queryable } from '../../db/db.ts';
import type { Now } from '../../lib/clock.ts';
import { canonicalEmail } from '../../lib/email-address.ts';
import { Refusal } from '../../lib/refusal.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { usersRepository, type User } from '../accounts/index.ts';
import { ledgerRepository } from '../billing/index.ts';
import { handOverProxy, lockTransferableProxy, type TransferableProxy } from '../farm/index.ts';
import type { Notify } from '../notifications/index.ts';
import { transferDecidedEmail, transferOfferEmail, type ProxyPlace } from './emails.ts';
import { TRANSFER_REFUSALS } from './refusals.ts';
import { type TransferRow, transfersRepository } from './transfers-repository.ts';

const HOUR_MS = 3_600_000;
/** Offers the sweep writes per statement: short transactions, and nothing held while a backlog is worked off. */
const SWEEP_BATCH = 500;

/** States in which the proxy is served and may change hands (an `expiring` one is still active). */
const TRANSFERABLE_STATES: readonly string[] = ['active', 'expiring'];

export interface TransfersOptions {
  /** The site's one currency: the zero `transfer` ledger entries are in it. */
  readonly currency: Currency;
  readonly publicUrl: string;
  readonly siteName: string;
  readonly mailer: Mailer;
  /** The customer's chosen channels (#30): the offer and the acceptance go through it, the decline mails as before. */
  readonly notify: Notify;
  /** Milliseconds now: an offer's expiry and whether it lapsed (tests move it). */
  readonly now: Now;
}

/**
 * What an answer's transaction came to: done (true), not the caller's to give (false), or a refusal, thrown once the
 * transaction has committed: an offer found lapsed is written `expired` all the same.
 */
type Answered = boolean | Refusal;

/** Why the proxy cannot change hands now, or null when it can. */
function proxyRefusal(proxy: TransferableProxy | null, senderId: number, now: Date): Refusal | null {
  if (!proxy || proxy.ownerId !== senderId) return TRANSFER_REFUSALS.proxyGone();
  if (proxy.state === 'suspended') return TRANSFER_REFUSALS.proxySuspended();
  if (!TRANSFERABLE_STATES.includes(proxy.state) || proxy.expiresAt <= now) return TRANSFER_REFUSALS.proxyExpired();
  return null;
}

/** An answer's outcome: whether the offer was the caller's to answer; a refusal is thrown. */
function settled(answered: Answered): boolean {
  if (typeof answered === 'boolean') return answered;
  throw answered;
}

export function transfersService(db: Db, options: TransfersOptions) {
  const { currency, mailer, publicUrl, siteName } = options;
  const now = () => new Date(options.now());

  /** Which proxy, for the notification's payload: its place only (not the sender's comment, nor its address). */
  const placeFacts = (proxyId: number | null, place: ProxyPlace) => ({
    id: proxyId ?? 0,
    comment: '',
    country: place.country,
    city: place.city,
    city_ru: place.cityRu,
    operator: place.operator,
    operator_ru: place.operatorRu,
    ip: null,
  });

  /** The offer to its recipient, with the offer, on their chosen channels; an address no customer has gets nothing. */
  async function mailOffer(
    tx: Queryable,
    transferId: number,
    recipient: User | null,
    sender: { readonly email: string },
    proxy: TransferableProxy,
    offerExpiresAt: Date,
    at: Date,
  ): Promise<void> {
    if (!recipient) return;
    await options.notify(
      tx,
      recipient.id,
      'transfer_offered',
      {
        transfer_id: transferId,
        sender_email: sender.email,
        proxy_expires_at: proxy.expiresAt.toISOString(),
        offer_expires_at: offerExpiresAt.toISOString(),
        proxy: placeFacts(proxy.id, proxy),
      },
      {
        key: `transfer_offered:${transferId}`,
        at,
        email: {
          kind: 'transfer_offer',
          content: (language) =>
            transferOfferEmail({
              language,
              publicUrl,
              siteName,
              place: proxy,
              senderEmail: sender.email,
              proxyExpiresAt: proxy.expiresAt,
              offerExpiresAt,
            }),
        },
      },
    );
  }

  async function mailDecided(
    tx: Queryable,
    sender: User,
    recipientEmail: string,
    transfer: TransferRow,
    accepted: boolean,
    at: Date,
  ): Promise<void> {
    if (accepted) {
      await options.notify(
        tx,
        sender.id,
        'transfer_accepted',
        { transfer_id: transfer.id, recipient_email: recipientEmail, proxy: placeFacts(transfer.proxyId, transfer) },
        {
          key: `transfer_accepted:${transfer.id}`,
          at,
          email: {
            kind: 'transfer_decided',
            content: (language) =>
              transferDecidedEmail({ language, publicUrl, siteName, place: transfer, recipientEmail, accepted }),
          },
        },
      );
      return;
    }
    // A declined offer is not an event of the catalogue: its mail goes out as it always did.
    await mailer.enqueue(tx, {
      kind: 'transfer_decided',
      userId: sender.id,
      to: sender.email,
      language: sender.language,
      content: transferDecidedEmail({
        language: sender.language,
        publicUrl,
        siteName,
        place: transfer,
        recipientEmail,
        accepted,
      }),
      secrets: [],
    });
  }

  /** Both zero `transfer` entries, accounts in id order (the order every writer of two balances keeps). */
  async function postTransfer(tx: Queryable, transfer: TransferRow, sender: User, recipient: User): Promise<void> {
    // The facts, not words: each reader sees the line in their own language (billing's ledger-lines.ts).
    const data = (other: User, given: boolean) => ({
      transfer_id: transfer.id,
      given,
      other_email: other.email,
      country: transfer.country,
      city: transfer.city,
      operator: transfer.operator,
    });
    const entries = [
      { userId: sender.id, data: data(recipient, true) },
      { userId: recipient.id, data: data(sender, false) },
    ].sort((a, b) => a.userId - b.userId);
    const ledger = ledgerRepository(tx);
    for (const entry of entries) {
      await ledger.post({ ...entry, kind: 'transfer', amount: 0, currency, reference: `transfer:${transfer.id}` });
    }
  }

  /**
   * Locks the offer the caller may answer (`side`) and re-reads it: null when it is not theirs to answer; a refusal
   * when it is no longer pending (one that lapsed meanwhile is written `expired` here, and the caller commits that).
   */
  async function lockAnswerable(
    tx: Queryable,
    id: number,
    userId: number,
    side: 'sender' | 'recipient',
    at: Date,
  ): Promise<TransferRow | Refusal | null> {
    const transfers = transfersRepository(tx);
    const transfer = await transfers.lock(id);
    if (!transfer || (side === 'sender' ? transfer.senderId : transfer.recipientId) !== userId) return null;
    if (transfer.state !== 'pending') return TRANSFER_REFUSALS.decided({ state: transfer.state });
    if (transfer.expiresAt <= at) {
      await transfers.decide(id, 'expired', transfer.expiresAt);
      return TRANSFER_REFUSALS.decided({ state: 'expired' });
    }
    return transfer;
  }

  /** The offer's two customers (a recipient is known: only a registered recipient can answer). */
  async function sides(tx: Queryable, transfer: TransferRow): Promise<[User, User]> {
    const users = usersRepository(tx);
    const sender = (await users.findById(transfer.senderId)) as User;
    const recipient = (await users.findById(transfer.recipientId as number)) as User;
    return [sender, recipient];
  }

  return {
    /**
     * Offers the sender's proxy to the address: answers the new offer's id, or null when the proxy is not the
     * sender's. A refusal writes nothing. An address no customer has is recorded and answered
     * exactly as a customer's (the same statements run), only no e-mail goes out.
     */
    async offer(sender: User, input: v.InferOutput<typeof TransferCreateSchema>): Promise<number | null> {
      const at = now();
      const email = canonicalEmail(input.email);
      return db.transaction(async (tx) => {
        const proxy = await lockTransferableProxy(tx, input.proxy_id);
        if (!proxy || proxy.ownerId !== sender.id) return null;
        const found = await usersRepository(tx).findByEmail(email);
        const recipient = found?.isActive ? found : null;
        if (email === canonicalEmail(sender.email) || recipient?.id === sender.id) throw TRANSFER_REFUSALS.self();
        // No offer of a trial's proxy is ever pending (migration 0140 withdrew the older ones, and the flag is only
        // ever cleared), so an accept needs no such check.
        if (proxy.trial) throw TRANSFER_REFUSALS.trial();
        if (proxyRefusal(proxy, sender.id, at)) throw TRANSFER_REFUSALS.proxyInactive();
        const transfers = transfersRepository(tx);
        await transfers.lapsePendingOf(proxy.id, at);
        if (await transfers.hasPending(proxy.id)) throw TRANSFER_REFUSALS.pending();
        const expiresAt = new Date(at.getTime() + TRANSFER_TTL_HOURS * HOUR_MS);
        const id = await transfers.insert({
          proxyId: proxy.id,
          senderId: sender.id,
          recipientId: recipient?.id ?? null,
          recipientEmail: email,
          note: input.note,
          country: proxy.country,
          city: proxy.city,
          operator: proxy.operator,
          createdAt: at,
          expiresAt,
        });
        await mailOffer(tx, id, recipient, sender, proxy, expiresAt, at);
        return id;
      });
    },

    /**
     * The recipient takes the proxy: owner, fresh secrets, the old owner's settings gone, both ledgers, the offer
     * `accepted` — all in one transaction, or nothing. False when the offer is not the caller's to answer (404).
     */
    async accept(recipientId: number, id: number): Promise<boolean> {
      const at = now();
      const answered = await db.transaction(async (tx): Promise<Answered> => {
        // Which proxy to lock comes from an unlocked read; the locked re-read below checks it still is that one.
        const seen = await transfersRepository(tx).get(id);
        if (!seen || seen.recipientId !== recipientId) return false;
        const proxy = seen.proxyId === null ? null : await lockTransferableProxy(tx, seen.proxyId);
        const transfer = await lockAnswerable(tx, id, recipientId, 'recipient', at);
        if (!transfer || transfer instanceof Refusal) return transfer ?? false;
        const refusal = proxyRefusal(proxy?.id === transfer.proxyId ? proxy : null, transfer.senderId, at);
        if (refusal || !proxy) return refusal ?? TRANSFER_REFUSALS.proxyGone();

        await handOverProxy(tx, proxy, recipientId);
        const [sender, recipient] = await sides(tx, transfer);
        await postTransfer(tx, transfer, sender, recipient);
        await transfersRepository(tx).decide(id, 'accepted', at);
        await mailDecided(tx, sender, recipient.email, transfer, true, at);
        return true;
      });
      return settled(answered);
    },

    /** The recipient turns the offer down; the proxy stays the sender's. */
    decline(recipientId: number, id: number): Promise<boolean> {
      return answer('decline', recipientId, id);
    },

    /** The sender withdraws the offer while it is pending. */
    cancel(senderId: number, id: number): Promise<boolean> {
      return answer('cancel', senderId, id);
    },

    /** The sweep: offers that lapsed by `at` are written `expired`, in batches; answers how many. */
    async expireDue(at: Date): Promise<number> {
      let total = 0;
      for (;;) {
        const written = await transfersRepository(db).expireDue(at, SWEEP_BATCH);
        total += written;
        if (written < SWEEP_BATCH) return total;
      }
    },
  };

  /** A decline or a cancel: only the offer's row is locked and changed. */
  async function answer(action: 'decline' | 'cancel', userId: number, id: number): Promise<boolean> {
    const at = now();
    const answered = await db.transaction(async (tx): Promise<Answered> => {
      const transfer = await lockAnswerable(tx, id, userId, action === 'cancel' ? 'sender' : 'recipient', at);
      if (!transfer || transfer instanceof Refusal) return transfer ?? false;
      await transfersRepository(tx).decide(id, action === 'cancel' ? 'cancelled' : 'declined', at);
      if (action === 'cancel') return true;
      const [sender, recipient] = await sides(tx, transfer);
      await mailDecided(tx, sender, recipient.email, transfer, false, at);
      return true;
    });
    return settled(answered);
  }
}

export type TransfersService = ReturnType<typeof transfersService>;
