import { decodeWith, paginatedSchema } from './decode.ts';
import { listQueryOf } from '../schemas/list-query.ts';
import {
  type Proxy,
  type ProxyChoices,
  ProxyChoicesSchema,
  PROXY_LIST,
  type ProxyListParams,
  type ProxyRotation,
  ProxyRotationSchema,
  ProxySchema,
  type ProxyUpdate,
  type Renewal,
  RenewalSchema,
  type RenewRequest,
  type ProxyRotateAnswer,
  ProxyRotateAnswerSchema,
  type Traffic,
  type TrafficRange,
  TrafficSchema,
} from '../schemas/proxies.ts';
import type { ApiClient } from './client.ts';
import type { Paginated } from './pagination.ts';

/** The customer's proxies. Every call on a proxy id answers 404 unless the signed-in customer owns it. */

const decodeProxy = decodeWith(ProxySchema);

export function listProxies(
  api: ApiClient,
  params: ProxyListParams = {},
  signal?: AbortSignal,
): Promise<Paginated<Proxy>> {
  return api.request('/api/proxies/', {
    signal,
    query: listQueryOf(PROXY_LIST, params),
    decode: decodeWith(paginatedSchema(ProxySchema)),
  });
}

export function getProxyChoices(api: ApiClient, signal?: AbortSignal): Promise<ProxyChoices> {
  return api.request('/api/proxies/choices/', { signal, decode: decodeWith(ProxyChoicesSchema) });
}

export function getProxy(api: ApiClient, id: number, signal?: AbortSignal): Promise<Proxy> {
  return api.request(`/api/proxies/${id}/`, { signal, decode: decodeProxy });
}

/** `PATCH /api/proxies/{id}/`: comment, auto-renew, auto-rotation, whitelist; answers the proxy. */
export function updateProxy(api: ApiClient, id: number, changes: ProxyUpdate): Promise<Proxy> {
  return api.request(`/api/proxies/${id}/`, { method: 'PATCH', body: changes, decode: decodeProxy });
}

/** A new password: the old one stops working at the agent within seconds. Answers the proxy. */
export function regenerateProxyPassword(api: ApiClient, id: number): Promise<Proxy> {
  return api.request(`/api/proxies/${id}/password/`, { method: 'POST', body: {}, decode: decodeProxy });
}

/**
 * A login the owner picks (`CUSTOMER_LOGIN`; lower-cased): the old one stops working at the agent within seconds.
 * Answers the proxy; a login another proxy has is a 400 on `login`.
 */
export function changeProxyLogin(api: ApiClient, id: number, login: string): Promise<Proxy> {
  return api.request(`/api/proxies/${id}/login/`, { method: 'POST', body: { login }, decode: decodeProxy });
}

/** A new change-IP link: the old one answers 404 from now on. Answers the proxy. */
export function regenerateRotateLink(api: ApiClient, id: number): Promise<Proxy> {
  return api.request(`/api/proxies/${id}/rotate-link/`, { method: 'POST', body: {}, decode: decodeProxy });
}

/**
 * "Change IP now": waits for the agent's new address (with `available_at`, the cooldown's end). The refusals (429 cooldown, 503 offline, 502 failed, 504 no
 * answer) arrive as an `ApiError` whose body is a `RotateAnswer`.
 */
export function rotateProxy(api: ApiClient, id: number): Promise<ProxyRotateAnswer> {
  return api.request(`/api/proxies/${id}/rotate/`, {
    method: 'POST',
    body: {},
    decode: decodeWith(ProxyRotateAnswerSchema),
  });
}

/**
 * Reboots the proxy's modem and waits for it to come back with an address, as `rotateProxy` does; refusals (429
 * cooldown, 409 shared or busy modem, 503 offline, 403 inactive, 502 failed, 504 not back yet) arrive as an
 * `ApiError` whose body is a `RotateAnswer` with `error` and `detail`.
 */
export function rebootProxy(api: ApiClient, id: number): Promise<ProxyRotateAnswer> {
  return api.request(`/api/proxies/${id}/reboot/`, {
    method: 'POST',
    body: {},
    decode: decodeWith(ProxyRotateAnswerSchema),
  });
}

/**
 * "Check now": the modem's agent measures it at once; answers the proxy with that check as its `health`. Refusals
 * arrive as an `ApiError` with `detail`: 429 within `CHECK_COOLDOWN_SECONDS` (with `wait_seconds`), 403 for a proxy
 * not active, 504 when the farm has not answered in time (the check still lands: the proxy shows it later).
 */
export function checkProxy(api: ApiClient, id: number): Promise<Proxy> {
  return api.request(`/api/proxies/${id}/check/`, { method: 'POST', body: {}, decode: decodeProxy });
}

/** The modem's IP changes while the customer had the proxy, newest first. */
export function listProxyRotations(
  api: ApiClient,
  id: number,
  page = 1,
  signal?: AbortSignal,
): Promise<Paginated<ProxyRotation>> {
  return api.request(`/api/proxies/${id}/rotations/`, {
    signal,
    query: { page },
    decode: decodeWith(paginatedSchema(ProxyRotationSchema)),
  });
}

export function getProxyTraffic(
  api: ApiClient,
  id: number,
  range: TrafficRange,
  signal?: AbortSignal,
): Promise<Traffic> {
  return api.request(`/api/proxies/${id}/traffic/`, { signal, query: { range }, decode: decodeWith(TrafficSchema) });
}

/** What renewing would cost now; changes nothing. */
export function quoteRenewal(api: ApiClient, input: RenewRequest, signal?: AbortSignal): Promise<Renewal> {
  return api.request('/api/proxies/renew/quote/', {
    method: 'POST',
    body: input,
    signal,
    decode: decodeWith(RenewalSchema),
  });
}

/**
 * Renews the proxies from the balance (one ledger entry); the same `idempotencyKey` answers the same renewal. 402
 * `{detail}` when the balance does not cover it; 400 `{ids}` when one of them cannot be renewed (not the customer's,
 * or released).
 */
export function renewProxies(api: ApiClient, input: RenewRequest, idempotencyKey: string): Promise<Renewal> {
  return api.request('/api/proxies/renew/', {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
    decode: decodeWith(RenewalSchema),
  });
}
