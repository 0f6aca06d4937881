import * as v from 'valibot';
import { decodeWith, paginatedSchema } from './decode.ts';
import {
  type AgentHostInput,
  type AgentHostItem,
  AgentHostSchema,
  type AgentHostToken,
  AgentHostTokenSchema,
  type FarmChoices,
  FarmChoicesSchema,
  MODEM_LIST,
  type ModemInput,
  type ModemListParams,
  type PanelModem,
  PanelModemSchema,
  RotationAnswerSchema,
} from '../schemas/farm.ts';
import { listQueryOf } from '../schemas/list-query.ts';
import type { ApiClient } from './client.ts';
import type { Paginated } from './pagination.ts';

/** The panel's Farm section: the farm hosts the agents run on, and their modems. */

const decodeHosts = decodeWith(v.array(AgentHostSchema));
const decodeHost = decodeWith(AgentHostSchema);
const decodeHostToken = decodeWith(AgentHostTokenSchema);
const decodeModem = decodeWith(PanelModemSchema);

export type RotationAnswer = v.InferOutput<typeof RotationAnswerSchema>;

/** `GET /api/panel/farm/hosts/`: every host (a farm has a handful), with its modem count and agent's last visit. */
export function listPanelFarmHosts(api: ApiClient, signal?: AbortSignal): Promise<AgentHostItem[]> {
  return api.request('/api/panel/farm/hosts/', { signal, decode: decodeHosts });
}

export function getPanelFarmHost(api: ApiClient, id: number, signal?: AbortSignal): Promise<AgentHostItem> {
  return api.request(`/api/panel/farm/hosts/${id}/`, { signal, decode: decodeHost });
}

/** 201 with the agent's token: the only answer that carries it (the API keeps its hash). */
export function createPanelFarmHost(api: ApiClient, input: AgentHostInput): Promise<AgentHostToken> {
  return api.request('/api/panel/farm/hosts/', { method: 'POST', body: input, decode: decodeHostToken });
}

/** PATCH: any subset; a port range narrowed past a proxy's port is refused on `port_max`. */
export function updatePanelFarmHost(
  api: ApiClient,
  id: number,
  changes: Partial<AgentHostInput>,
): Promise<AgentHostItem> {
  return api.request(`/api/panel/farm/hosts/${id}/`, { method: 'PATCH', body: changes, decode: decodeHost });
}

/** 204; a host that still has modems is refused with a 400 `non_field_errors`. */
export function deletePanelFarmHost(api: ApiClient, id: number): Promise<null> {
  return api.request<null>(`/api/panel/farm/hosts/${id}/`, { method: 'DELETE' });
}

/** A new agent token for the host; the old one stops working at once. */
export function regeneratePanelFarmHostToken(api: ApiClient, id: number): Promise<AgentHostToken> {
  return api.request(`/api/panel/farm/hosts/${id}/token/`, { method: 'POST', decode: decodeHostToken });
}

export function listPanelFarmModems(
  api: ApiClient,
  params: ModemListParams = {},
  signal?: AbortSignal,
): Promise<Paginated<PanelModem>> {
  return api.request('/api/panel/farm/modems/', {
    signal,
    query: listQueryOf(MODEM_LIST, params),
    decode: decodeWith(paginatedSchema(PanelModemSchema)),
  });
}

/** What the modem filters and the modem form offer: the hosts, and the countries and operators in use. */
export function getPanelFarmChoices(api: ApiClient, signal?: AbortSignal): Promise<FarmChoices> {
  return api.request('/api/panel/farm/choices/', { signal, decode: decodeWith(FarmChoicesSchema) });
}

export function getPanelFarmModem(api: ApiClient, id: number, signal?: AbortSignal): Promise<PanelModem> {
  return api.request(`/api/panel/farm/modems/${id}/`, { signal, decode: decodeModem });
}

export function createPanelFarmModem(api: ApiClient, input: ModemInput): Promise<PanelModem> {
  return api.request('/api/panel/farm/modems/', { method: 'POST', body: input, decode: decodeModem });
}

/** PATCH: any subset — `{maintenance: true}` alone takes the modem out of service. */
export function updatePanelFarmModem(api: ApiClient, id: number, changes: Partial<ModemInput>): Promise<PanelModem> {
  return api.request(`/api/panel/farm/modems/${id}/`, { method: 'PATCH', body: changes, decode: decodeModem });
}

/** 204; a modem a proxy uses is refused with a 400 `non_field_errors`. */
export function deletePanelFarmModem(api: ApiClient, id: number): Promise<null> {
  return api.request<null>(`/api/panel/farm/modems/${id}/`, { method: 'DELETE' });
}

/**
 * Asks the modem's agent for a new IP and waits for it (up to a minute): `{ok: true, ip}`, or `{ok: false, error}`
 * (`rotation_failed`, `timeout`). A modem that is not online is refused with a 409 `detail`.
 */
export function rotatePanelFarmModem(api: ApiClient, id: number, signal?: AbortSignal): Promise<RotationAnswer> {
  return api.request(`/api/panel/farm/modems/${id}/rotate/`, {
    method: 'POST',
    signal,
    decode: decodeWith(RotationAnswerSchema),
  });
}

/**
 * Reboots the modem (also an offline or maintenance one: that is when staff reboot) and waits for it to come back
 * (up to a minute), answered like a rotation. Every customer on the modem is cut off meanwhile. A rotation or reboot
 * already running is refused with a 409 `detail`.
 */
export function rebootPanelFarmModem(api: ApiClient, id: number, signal?: AbortSignal): Promise<RotationAnswer> {
  return api.request(`/api/panel/farm/modems/${id}/reboot/`, {
    method: 'POST',
    signal,
    decode: decodeWith(RotationAnswerSchema),
  });
}
