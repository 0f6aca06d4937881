/**
 * The error answers `/api/v1/` routes declare (the body is `lib/api-error.ts`'s shape, made by the errors plugin):
 * one schema object for all of them, which the OpenAPI document names once as `Error`.
 */
import { API_ERROR_JSON } from './openapi.ts';

/** Every key-guarded route may answer these: bad input, no key, no scope, not yours, too fast. */
export const errorAnswers = Object.fromEntries([400, 401, 403, 404, 429].map((status) => [status, API_ERROR_JSON]));

/** ...and a paying request these: 402 short balance, 409 out of stock, 422 an `Idempotency-Key` reused. */
export const paymentErrorAnswers = {
  ...errorAnswers,
  ...Object.fromEntries([402, 409, 422].map((status) => [status, API_ERROR_JSON])),
};

/** A reboot answers like "change IP now", and also 409 (a modem others use, or one busy), 502, 503 and 504. */
export const rebootErrorAnswers = {
  ...errorAnswers,
  ...Object.fromEntries([409, 502, 503, 504].map((status) => [status, API_ERROR_JSON])),
};

/** "Check now" may also answer 504: the agent has not answered within the wait. */
export const checkErrorAnswers = { ...errorAnswers, 504: API_ERROR_JSON };
