import * as v from 'valibot';
import { cityRu, operatorRu, requiredText } from './fields.ts';

/**
 * The free trial (#29): staff switch it on and set its terms in the panel's Farm settings; a verified customer takes
 * one short proxy, once per mailbox (`GET`/`POST /api/trial/`). Places are exact places of the stock (country, city,
 * operator): the trial is given from the same free modems an order takes.
 */

/** The trial's length staff may set, in minutes: half an hour to a day. */
export const TRIAL_MINUTES_MIN = 30;
export const TRIAL_MINUTES_MAX = 1440;
/** At most this many places may offer trials. */
export const MAX_TRIAL_PLACES = 200;

const timestamp = v.string();

const placeFields = {
  country: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'country')),
  city: requiredText(100),
  operator: requiredText(100),
};

export const TrialPlaceSchema = v.object(placeFields);

/** A place in answers (the input's trimming and upper-casing is no part of what the server sends). */
const answerPlace = {
  country: v.string(),
  city: v.string(),
  city_ru: cityRu(),
  operator: v.string(),
  operator_ru: operatorRu(),
};
export type TrialPlace = v.InferOutput<typeof TrialPlaceSchema>;

/** The trial's terms as staff set them. */
export const TrialSettingsInputSchema = v.object({
  enabled: v.boolean(),
  minutes: v.pipe(v.number(), v.integer(), v.minValue(TRIAL_MINUTES_MIN), v.maxValue(TRIAL_MINUTES_MAX)),
  places: v.pipe(v.array(TrialPlaceSchema), v.maxLength(MAX_TRIAL_PLACES)),
  /** Trials one client address may take in 24 hours. */
  per_address_per_day: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)),
  /** No trial in a place with fewer free modems than this. */
  min_free_stock: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)),
});
export type TrialSettingsInput = v.InferOutput<typeof TrialSettingsInputSchema>;

/** `GET`/`PUT /api/panel/farm/settings/trial/`: the terms, who changed them last and when, and the places to pick. */
export const TrialSettingsSchema = v.object({
  enabled: v.boolean(),
  minutes: v.number(),
  places: v.array(v.object(answerPlace)),
  per_address_per_day: v.number(),
  min_free_stock: v.number(),
  /** The staff member's e-mail; null: never changed, or the account is gone. */
  changed_by: v.nullable(v.string()),
  changed_at: v.nullable(timestamp),
  /** Every place the farm has modems in (the panel's choices). */
  place_choices: v.array(v.object(answerPlace)),
});
export type TrialSettings = v.InferOutput<typeof TrialSettingsSchema>;

/** Why the signed-in customer cannot take a trial now. `off`: staff have not switched it on (the page hides it). */
export const TRIAL_REASONS = ['off', 'not_verified', 'taken', 'address_limit', 'no_stock'] as const;
export type TrialReason = (typeof TRIAL_REASONS)[number];

/** `GET /api/trial/`: whether the customer may take a trial, where and for how long, or why not (in their words). */
export const TrialOfferSchema = v.object({
  available: v.boolean(),
  minutes: v.number(),
  /** The places with enough stock now (empty when not available). */
  places: v.array(v.object({ ...answerPlace, free: v.number() })),
  reason: v.nullable(v.picklist(TRIAL_REASONS)),
  /** The reason worded in the request's language; null when available. */
  message: v.nullable(v.string()),
});
export type TrialOffer = v.InferOutput<typeof TrialOfferSchema>;

/** `POST /api/trial/`: the place to take it in. */
export const TrialRequestSchema = TrialPlaceSchema;
export type TrialRequest = v.InferOutput<typeof TrialRequestSchema>;

/** The trial taken: its proxy (open its page) and when it ends. */
export const TrialTakenSchema = v.object({
  proxy_id: v.number(),
  expires_at: timestamp,
});
export type TrialTaken = v.InferOutput<typeof TrialTakenSchema>;
