/**
 * The free trial (#29). Everything a trial decides — on, the account verified, the mailbox and the account never had
 * one, the client's network (`client-network.ts`) under its daily limit, the place offered and with at least staff's
 * minimum of free modems — is decided in ONE transaction under locks, and the proxy is made there through the farm's
 * `allocateInPlace`, the path an order takes too, so a trial never takes a modem an order holds and an order never
 * sells one a trial took. The proxy is marked `trial`: moves and transfers refuse it, so it never leaves the place
 * staff offer trials in, and the lifecycle releases it the moment it ends.
 *
 * Lock order: the trial settings' row first — every trial takes it, so trials run one after another (they are rare
 * and short; this makes the once-per-mailbox and per-address counts exact with no lock per address), and staff's save
 * waits for trials in flight — then the place's free modems, their host, and the account last, as an order does.
 */
import type { Language } from '@proxy/contract/languages';
import type {
  TrialOffer,
  TrialPlace,
  TrialReason,
  TrialSettingsInput,
  TrialTaken,
} from '@proxy/contract/schemas/trial';
import type { Db, Queryable } from '../../db/db.ts';
import { Refusal } from '../../lib/refusal.ts';
import { allocateInPlace, FARM_REFUSALS, freeStock } from '../farm/index.ts';
import { clientNetwork } from './client-network.ts';
import { mailboxOf } from './mailbox.ts';
import { TRIAL_MESSAGES } from './messages.ts';
import { TRIAL_REFUSALS } from './refusals.ts';
import { trialRepository } from './trial-repository.ts';

const MINUTE_MS = 60_000;

export interface TrialOptions {
  /** Milliseconds now: the trial's expiry and the per-address day (tests move it). */
  readonly now?: () => number;
}

const REASON_MESSAGES: Readonly<Record<TrialReason, keyof typeof TRIAL_MESSAGES>> = {
  off: 'off',
  not_verified: 'notVerified',
  taken: 'taken',
  address_limit: 'addressLimit',
  no_stock: 'noStock',
};

const placeKey = (place: TrialPlace) => `${place.country}\n${place.city}\n${place.operator}`;

interface Account {
  readonly email: string;
  readonly verified: boolean;
}

export function trialService(db: Db, options: TrialOptions = {}) {
  const now = options.now ?? Date.now;

  async function account(q: Queryable, userId: number): Promise<Account> {
    const [row] = await q.query<{ email: string; email_verified: boolean }>(
      'SELECT email, email_verified FROM users WHERE id = $1',
      [userId],
    );
    return { email: row?.email ?? '', verified: row?.email_verified === true };
  }

  return {
    /** Whether the customer may take a trial now, where and for how long, or why not (worded in `language`). */
    async offer(userId: number, address: string, language: Language): Promise<TrialOffer> {
      const trials = trialRepository(db);
      const terms = await trials.terms({ lock: false });
      const refused = (reason: TrialReason): TrialOffer => ({
        available: false,
        minutes: terms.minutes,
        places: [],
        reason,
        message: TRIAL_MESSAGES[REASON_MESSAGES[reason]][language],
      });
      if (!terms.enabled) return refused('off');
      const user = await account(db, userId);
      if (!user.verified) return refused('not_verified');
      if (await trials.taken(mailboxOf(user.email), userId)) return refused('taken');
      if ((await trials.fromNetwork(clientNetwork(address), new Date(now()))) >= terms.perAddressPerDay) {
        return refused('address_limit');
      }
      const offered = new Set((await trials.places()).map(placeKey));
      const places = (await freeStock(db, new Date(now()))).filter(
        (line) => offered.has(placeKey(line)) && line.free >= terms.minFreeStock,
      );
      if (places.length === 0) return refused('no_stock');
      return { available: true, minutes: terms.minutes, places, reason: null, message: null };
    },

    /** Takes the trial in `place`: a proxy for the terms' minutes, or a refusal with nothing changed. */
    take(userId: number, address: string, place: TrialPlace): Promise<TrialTaken> {
      return db.transaction(async (tx) => {
        const trials = trialRepository(tx);
        const terms = await trials.terms({ lock: true });
        if (!terms.enabled) throw TRIAL_REFUSALS.off();
        const user = await account(tx, userId);
        if (!user.verified) throw TRIAL_REFUSALS.notVerified();
        const mailbox = mailboxOf(user.email);
        if (await trials.taken(mailbox, userId)) throw TRIAL_REFUSALS.taken();
        const at = new Date(now());
        const network = clientNetwork(address);
        if ((await trials.fromNetwork(network, at)) >= terms.perAddressPerDay) throw TRIAL_REFUSALS.addressLimit();
        if (!(await trials.offers(place))) throw TRIAL_REFUSALS.placeNotOffered();

        const expiresAt = new Date(at.getTime() + terms.minutes * MINUTE_MS);
        const allocated = await allocateInPlace(
          tx,
          place,
          1,
          { ownerId: userId, expiresAt, autoRenew: false },
          { now: at, minFree: terms.minFreeStock },
        ).catch((error: unknown) => {
          throw Refusal.is(error, FARM_REFUSALS.noFreePorts) ? TRIAL_REFUSALS.noStock({ cause: error }) : error;
        });
        const proxy = allocated.ok ? allocated.proxies[0]?.proxy : undefined;
        if (!proxy) throw TRIAL_REFUSALS.noStock();
        // Marked a trial (#43): it is never moved nor handed over, and is released when it ends, with no hold; a
        // renewal, which is paid, makes it an ordinary proxy. A trial of hours is within a day of its end from the
        // start: the lifecycle's "expires in 3 days / 1 day" mails would arrive with it, so they count as sent for this
        // expiry. A renewal moves the expiry and the reminders of the paid term come as usual.
        await tx.query(
          `UPDATE proxies SET trial = true, reminded_3d_for = expires_at, reminded_1d_for = expires_at WHERE id = $1`,
          [proxy.id],
        );
        await trials.record({ mailbox, userId, proxyId: proxy.id, network, place, minutes: terms.minutes, at });
        // Last, under the account's lock (as an order takes it): a block that committed meanwhile is seen.
        const [active] = await tx.query<{ is_active: boolean }>(
          'SELECT is_active FROM users WHERE id = $1 FOR NO KEY UPDATE',
          [userId],
        );
        if (active?.is_active !== true) throw TRIAL_REFUSALS.blocked();
        return { proxy_id: proxy.id, expires_at: expiresAt.toISOString() };
      });
    },

    settings: () => trialRepository(db).settings(),

    /** Staff's save: the terms and places (each one the farm has modems in), who and when. */
    saveSettings(input: TrialSettingsInput, actorId: number) {
      return db.transaction(async (tx) => {
        const trials = trialRepository(tx);
        await trials.terms({ lock: true });
        const places = [...new Map(input.places.map((place) => [placeKey(place), place])).values()];
        if ((await trials.knownPlaces(places)) !== places.length) throw TRIAL_REFUSALS.unknownPlace();
        await trials.save({ ...input, places }, actorId, new Date(now()));
      });
    },
  };
}

export type TrialService = ReturnType<typeof trialService>;
