import { decodeWith } from './decode.ts';
import {
  type Move,
  type MoveQuote,
  MoveQuoteSchema,
  type MoveRequestInput,
  MoveSchema,
  type MoveSettings,
  type MoveSettingsInput,
  MoveSettingsSchema,
} from '../schemas/moves.ts';
import type { ApiClient } from './client.ts';

/**
 * What moving the proxy to the place would cost and do (free modems there, the fee, whether the ports change);
 * changes nothing. A bad or unknown place is a 400 on its field.
 */
export function quoteMove(api: ApiClient, id: number, to: MoveRequestInput, signal?: AbortSignal): Promise<MoveQuote> {
  return api.request(`/api/proxies/${id}/move/`, {
    signal,
    query: { country: to.country, city: to.city, operator: to.operator },
    decode: decodeWith(MoveQuoteSchema),
  });
}

/**
 * Moves the proxy (same id, login and password) to a free modem of the place, the fee taken from the balance; the same
 * `idempotencyKey` answers the same move. Refusals arrive as an `ApiError` with `detail`: 409 no free modem there or
 * the same place, 402 the balance short of the fee (saying by how much), 403 a proxy not active or being
 * transferred, 429 within `MOVE_COOLDOWN_SECONDS` of its last move.
 */
export function moveProxy(api: ApiClient, id: number, to: MoveRequestInput, idempotencyKey: string): Promise<Move> {
  return api.request(`/api/proxies/${id}/move/`, {
    method: 'POST',
    body: to,
    headers: { 'Idempotency-Key': idempotencyKey },
    decode: decodeWith(MoveSchema),
  });
}

/** Staff: the move fee (farm `view_modem`). */
export function getMoveSettings(api: ApiClient, signal?: AbortSignal): Promise<MoveSettings> {
  return api.request('/api/panel/farm/settings/move/', { signal, decode: decodeWith(MoveSettingsSchema) });
}

/** Staff: sets the move fee (farm `change_modem`); moves quoted from now on take it. */
export function saveMoveSettings(api: ApiClient, input: MoveSettingsInput): Promise<MoveSettings> {
  return api.request('/api/panel/farm/settings/move/', {
    method: 'PUT',
    body: input,
    decode: decodeWith(MoveSettingsSchema),
  });
}
