import { decodeWith } from './decode.ts';
import {
  type TrialOffer,
  TrialOfferSchema,
  type TrialRequest,
  type TrialTaken,
  TrialTakenSchema,
} from '../schemas/trial.ts';
import type { ApiClient } from './client.ts';

/** The free trial (#29), for the signed-in customer. */

/** `GET /api/trial/`: whether a trial can be taken now, in which places and for how long, or why not. */
export function getTrialOffer(api: ApiClient, signal?: AbortSignal): Promise<TrialOffer> {
  return api.request('/api/trial/', { signal, decode: decodeWith(TrialOfferSchema) });
}

/**
 * `POST /api/trial/`: 201 with the new proxy's id. Refusals, nothing changed: 403 (off, e-mail not confirmed), 409
 * (already taken, no stock), 429 (the address's daily limit), 400 (a place without trials) — each `{detail}` worded.
 */
export function takeTrial(api: ApiClient, place: TrialRequest): Promise<TrialTaken> {
  return api.request('/api/trial/', { method: 'POST', body: place, decode: decodeWith(TrialTakenSchema) });
}
