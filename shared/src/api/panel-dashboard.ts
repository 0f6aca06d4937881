import * as v from 'valibot';
import { decodeWith, paginatedSchema } from './decode.ts';
import {
  AlertIncidentSchema,
  AlertSettingSchema,
  DASHBOARD_WIDGET_SCHEMAS,
  type AlertIncident,
  type AlertKind,
  type AlertSetting,
  type AlertSettingInput,
  type DashboardWidget,
  type DashboardWidgets,
} from '../schemas/dashboard.ts';
import type { ApiClient } from './client.ts';
import type { Paginated } from './pagination.ts';

/** The panel's home: its widgets, and the staff alerts' settings and history. */

/** `GET /api/panel/dashboard/{widget}/`: one widget (403 to staff whose permissions do not cover it). */
export function getDashboardWidget<W extends DashboardWidget>(
  api: ApiClient,
  widget: W,
  signal?: AbortSignal,
): Promise<DashboardWidgets[W]> {
  return api.request(`/api/panel/dashboard/${widget}/`, {
    signal,
    decode: decodeWith(DASHBOARD_WIDGET_SCHEMAS[widget]) as (body: unknown) => DashboardWidgets[W],
  });
}

const decodeSettings = decodeWith(v.array(AlertSettingSchema));
const decodeSetting = decodeWith(AlertSettingSchema);
const decodeIncidents = decodeWith(paginatedSchema(AlertIncidentSchema));

/** `GET /api/panel/alerts/settings/`: the kinds this staff member may follow. */
export function listAlertSettings(api: ApiClient, signal?: AbortSignal): Promise<AlertSetting[]> {
  return api.request('/api/panel/alerts/settings/', { signal, decode: decodeSettings });
}

/** `PATCH /api/panel/alerts/settings/{kind}/`: the kind's threshold and/or one's own subscription. */
export function updateAlertSetting(api: ApiClient, kind: AlertKind, input: AlertSettingInput): Promise<AlertSetting> {
  return api.request(`/api/panel/alerts/settings/${kind}/`, { method: 'PATCH', body: input, decode: decodeSetting });
}

/** `GET /api/panel/alerts/incidents/`: the history, newest first. */
export function listAlertIncidents(
  api: ApiClient,
  query: { readonly kind?: AlertKind | undefined; readonly page?: number | undefined },
  signal?: AbortSignal,
): Promise<Paginated<AlertIncident>> {
  return api.request('/api/panel/alerts/incidents/', {
    signal,
    query: { kind: query.kind, page: query.page },
    decode: decodeIncidents,
  });
}
