/**
 * The customer API's one error shape (`/api/v1/`, issue #30), for scripts that branch on a code rather than on text:
 *
 *     { "error": { "code": "not_found", "message": "Not found.", "fields": { "name": ["This field is required."] } } }
 *
 * `code` follows the status (below), `message` is in the request's language, `fields` is there only on an answer
 * about particular fields. The errors plugin words every error of the API in DRF's shape and, for `/api/v1/`, turns
 * it into this one as it sends it: refusals, validation, 401/404/405/413/429 alike, with nothing to keep in step.
 */
import { STATUS_CODES } from 'node:http';
import type { Language } from '@proxy/contract/languages';
import type { ApiError } from '@proxy/contract/schemas/api-keys';
import { message, rateLimited } from './messages.ts';

/** The `code` of each status; any other status reads as its reason phrase in snake case. */
export const ERROR_CODES: Readonly<Record<number, string>> = {
  400: 'invalid_request',
  401: 'unauthorized',
  402: 'insufficient_funds',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  500: 'server_error',
  502: 'bad_gateway',
  503: 'unavailable',
  504: 'gateway_timeout',
};

export function errorCode(status: number): string {
  return ERROR_CODES[status] ?? (STATUS_CODES[status] ?? 'error').toLowerCase().replace(/[^a-z]+/g, '_');
}

/**
 * A DRF-shaped error body (`{detail}` or field messages) in the customer API's shape. A 429 is worded afresh from
 * its `Retry-After`, whichever limit or cooldown refused it: DRF's Russian text is half English.
 */
export function toApiError(status: number, body: object, language: Language, retryAfter?: unknown): ApiError {
  const code = errorCode(status);
  const wait = Number(retryAfter);
  if (status === 429 && Number.isInteger(wait) && wait > 0)
    return { error: { code, message: rateLimited(wait, language) } };
  const { detail, ...fields } = body as Record<string, unknown>;
  if (typeof detail === 'string' && Object.keys(fields).length === 0) return { error: { code, message: detail } };
  if (Object.keys(body).length === 0) return { error: { code, message: STATUS_CODES[status] ?? 'Error' } };
  return { error: { code, message: message('invalidRequest', language), fields: body as Record<string, unknown> } };
}
