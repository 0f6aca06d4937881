/**
 * The free trial's tables (#29): `trial_settings` (one row: on/off and the terms staff set, who changed them and when),
 * `trial_places` (the exact places trials are given in) and `trials` (every trial given, keyed by the owner's mailbox).
 */
import type { TrialPlace, TrialSettings, TrialSettingsInput } from '@proxy/contract/schemas/trial';
import type { Queryable } from '../../db/db.ts';
import { placeRuOf } from '../farm/index.ts';

export interface TrialTerms {
  readonly enabled: boolean;
  readonly minutes: number;
  readonly perAddressPerDay: number;
  readonly minFreeStock: number;
}

interface TermsRow {
  enabled: boolean;
  minutes: number;
  per_address_per_day: number;
  min_free_stock: number;
}

const DAY_MS = 86_400_000;

export function trialRepository(q: Queryable) {
  return {
    /** The terms; `lock`: the row locked for the caller's transaction (every trial and every save take it first). */
    async terms(options: { readonly lock: boolean }): Promise<TrialTerms> {
      const [row] = await q.query<TermsRow>(
        `SELECT enabled, minutes, per_address_per_day, min_free_stock FROM trial_settings${
          options.lock ? ' FOR UPDATE' : ''
        }`,
      );
      const terms = row as TermsRow;
      return {
        enabled: terms.enabled,
        minutes: terms.minutes,
        perAddressPerDay: terms.per_address_per_day,
        minFreeStock: terms.min_free_stock,
      };
    },

    /** The places trials are given in, each with its city's and operator's Russian names. */
    places(): Promise<(TrialPlace & { city_ru: string; operator_ru: string })[]> {
      return q.query(
        `SELECT t.country, t.city, t.operator, ${placeRuOf('t')} FROM trial_places t
          ORDER BY t.country, t.city, t.operator`,
      );
    },

    async offers(place: TrialPlace): Promise<boolean> {
      const rows = await q.query('SELECT 1 FROM trial_places WHERE country = $1 AND city = $2 AND operator = $3', [
        place.country,
        place.city,
        place.operator,
      ]);
      return rows.length > 0;
    },

    /** Whether the mailbox, or the account, has had a trial (an account that changed its address still has). */
    async taken(mailbox: string, userId: number): Promise<boolean> {
      const rows = await q.query('SELECT 1 FROM trials WHERE mailbox = $1 OR user_id = $2', [mailbox, userId]);
      return rows.length > 0;
    },

    /** Trials taken from the client's network (`clientNetwork`: an IPv4 address, an IPv6 /64) in the day before `at`. */
    async fromNetwork(network: string, at: Date): Promise<number> {
      const [row] = await q.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM trials WHERE client_address = $1 AND taken_at > $2',
        [network, new Date(at.getTime() - DAY_MS)],
      );
      return row?.n ?? 0;
    },

    async record(trial: {
      readonly mailbox: string;
      readonly userId: number;
      readonly proxyId: number;
      readonly network: string;
      readonly place: TrialPlace;
      readonly minutes: number;
      readonly at: Date;
    }): Promise<void> {
      await q.query(
        `INSERT INTO trials (mailbox, user_id, proxy_id, client_address, country, city, operator, minutes, taken_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          trial.mailbox,
          trial.userId,
          trial.proxyId,
          trial.network,
          trial.place.country,
          trial.place.city,
          trial.place.operator,
          trial.minutes,
          trial.at,
        ],
      );
    },

    /** The panel's view: the terms, the places, who changed them last, and every place the farm has modems in. */
    async settings(): Promise<TrialSettings> {
      const [row] = await q.query<TermsRow & { changed_by: string | null; changed_at: Date | string | null }>(
        `SELECT s.enabled, s.minutes, s.per_address_per_day, s.min_free_stock, u.email AS changed_by, s.changed_at
           FROM trial_settings s LEFT JOIN users u ON u.id = s.changed_by`,
      );
      const terms = row as TermsRow & { changed_by: string | null; changed_at: Date | string | null };
      const [places, choices] = await Promise.all([
        this.places(),
        q.query<TrialPlace & { city_ru: string; operator_ru: string }>(
          `SELECT d.*, ${placeRuOf('d')} FROM (SELECT DISTINCT country, city, operator FROM modems) d
            ORDER BY d.country, d.city, d.operator`,
        ),
      ]);
      return {
        enabled: terms.enabled,
        minutes: terms.minutes,
        places,
        per_address_per_day: terms.per_address_per_day,
        min_free_stock: terms.min_free_stock,
        changed_by: terms.changed_by,
        changed_at: terms.changed_at === null ? null : new Date(terms.changed_at).toISOString(),
        place_choices: choices,
      };
    },

    /** How many of the places the farm has modems in (a save refuses a place it has none in). */
    async knownPlaces(places: readonly TrialPlace[]): Promise<number> {
      if (places.length === 0) return 0;
      const [row] = await q.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT DISTINCT country, city, operator FROM modems) d
          WHERE (d.country, d.city, d.operator) IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[]))`,
        [places.map((p) => p.country), places.map((p) => p.city), places.map((p) => p.operator)],
      );
      return row?.n ?? 0;
    },

    /** Writes the terms and replaces the places (on the row `terms({ lock: true })` locked). */
    async save(input: TrialSettingsInput, actorId: number, at: Date): Promise<void> {
      await q.query(
        `UPDATE trial_settings SET enabled = $1, minutes = $2, per_address_per_day = $3, min_free_stock = $4,
                changed_by = $5, changed_at = $6`,
        [input.enabled, input.minutes, input.per_address_per_day, input.min_free_stock, actorId, at],
      );
      await q.query('DELETE FROM trial_places');
      if (input.places.length > 0) {
        await q.query(
          `INSERT INTO trial_places (country, city, operator)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
          [input.places.map((p) => p.country), input.places.map((p) => p.city), input.places.map((p) => p.operator)],
        );
      }
    },
  };
}
