import * as v from 'valibot';
import { CURRENCIES } from '../money.ts';
import { cityRu, operatorRu, requiredText } from './fields.ts';

/**
 * Moving a proxy to another place (#29; mobileproxy's `change_equipment`, Illusory's "swap"): the proxy keeps its id,
 * login and password and is put on a free modem of the chosen country, city and operator. Free when the target is
 * priced by the same plan as the proxy's place (the same price for the proxy's period); otherwise a fee staff set,
 * taken from the balance. The ports change when the new modem is on another farm host.
 */

const currency = v.picklist(CURRENCIES);
const timestamp = v.string();

/**
 * A proxy may be moved once per this many seconds: a move puts it on another modem with another address, and
 * without a pause it would be a way round the change-IP and reboot cooldowns (and a churn of the agents' configs).
 */
export const MOVE_COOLDOWN_SECONDS = 600;

/** Where to: `GET /api/proxies/{id}/move/?country=&city=&operator=` (the quote) and `POST` (the move). */
export const MoveRequestSchema = v.object({
  country: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'country')),
  city: requiredText(100),
  operator: requiredText(100),
});
export type MoveRequest = v.InferOutput<typeof MoveRequestSchema>;
export type MoveRequestInput = v.InferInput<typeof MoveRequestSchema>;

/** A place as the customer reads it: country, city (with its Russian name, '' while none) and operator. */
export const MovePlaceSchema = v.object({
  country: v.string(),
  city: v.string(),
  city_ru: cityRu(),
  operator: v.string(),
  operator_ru: operatorRu(),
});
export type MovePlace = v.InferOutput<typeof MovePlaceSchema>;

/**
 * What moving would do now; changes nothing. `available`: free modems at the target (0: it would be refused).
 * `price_now` / `price_target`: the price of the proxy's period at each place (null: not priced), `price_difference`
 * the target's minus the current one (null when either is not priced) — shown for information: a move does not change
 * the proxy's term or what its renewals cost is decided at the renewal. `fee`: what the move takes from the balance
 * (0 within the same plan). `ports_change`: the new modem is on another host, so the proxy's ports will differ.
 */
export const MoveQuoteSchema = v.object({
  from: MovePlaceSchema,
  to: MovePlaceSchema,
  available: v.number(),
  period_days: v.number(),
  price_now: v.nullable(v.number()),
  price_target: v.nullable(v.number()),
  price_difference: v.nullable(v.number()),
  same_plan: v.boolean(),
  fee: v.number(),
  currency,
  balance: v.number(),
  balance_after: v.number(),
  ports_change: v.boolean(),
  /** When the proxy may be moved again (its last move + `MOVE_COOLDOWN_SECONDS`); null: now. */
  available_at: v.nullable(timestamp),
});
export type MoveQuote = v.InferOutput<typeof MoveQuoteSchema>;

/** A move made (`POST`: 201; the same `Idempotency-Key` again answers it with 200). */
export const MoveSchema = v.object({
  id: v.number(),
  proxy_id: v.number(),
  from: MovePlaceSchema,
  to: MovePlaceSchema,
  fee: v.number(),
  currency,
  ports_changed: v.boolean(),
  http_port: v.number(),
  socks_port: v.number(),
  created_at: timestamp,
});
export type Move = v.InferOutput<typeof MoveSchema>;

/** The fee staff set (`/api/panel/farm/settings/move/`): in minor units of the site's currency. */
export const MOVE_FEE_MAX = 100_000_000;
export const MoveSettingsSchema = v.object({
  fee: v.number(),
  currency,
  /** Who set it last and when (null: nobody yet; `changed_by` null also for an account since deleted). */
  changed_by: v.nullable(v.string()),
  changed_at: v.nullable(timestamp),
});
export type MoveSettings = v.InferOutput<typeof MoveSettingsSchema>;

export const MoveSettingsInputSchema = v.object({
  fee: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MOVE_FEE_MAX)),
});
export type MoveSettingsInput = v.InferOutput<typeof MoveSettingsInputSchema>;
