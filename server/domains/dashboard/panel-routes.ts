/**
 * The panel home's API: one endpoint per dashboard widget, each guarded by the permission that covers its data (a
 * staff member without payment rights gets 403 from the money widget, not just no card), and the alerts: the kinds a
 * staff member may follow with the thresholds, their subscription, and the incident history.
 */
import type { Currency } from '@proxy/contract/money';
import { listQuerySchema, readListParams } from '@proxy/contract/schemas/list-query';
import {
  ALERT_INCIDENT_LIST,
  ALERT_KINDS,
  AlertIncidentSchema,
  AlertSettingInputSchema,
  AlertSettingSchema,
  alertKindsFor,
  DASHBOARD_WIDGET_PERMISSIONS,
  DASHBOARD_WIDGET_SCHEMAS,
  DASHBOARD_WIDGETS,
  type AlertKind,
  type DashboardWidget,
} from '@proxy/contract/schemas/dashboard';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { parseBody } from '../../lib/drf-errors.ts';
import { answerPage, paginatedSchema } from '../../lib/pagination.ts';
import { COMMON_REFUSALS } from '../../lib/refusal.ts';
import { jsonSchemaOf } from '../../lib/schemas.ts';
import type { AlertsService } from './alerts-service.ts';
import { dashboardRepository } from './dashboard-repository.ts';

export interface DashboardRoutesOptions {
  readonly alerts: AlertsService;
  readonly currency: Currency;
  readonly publicUrl: string;
  readonly now: () => number;
}

const subjectOf = (request: FastifyRequest) => {
  const user = request.user as { isSuperuser: boolean; permissions: readonly string[] };
  return { is_superuser: user.isSuperuser, premission: user.permissions };
};

/** Alerts are for staff whose permissions cover at least one kind; checked before the body and params are read. */
const requireSomeAlertKind = async (request: FastifyRequest) => {
  if (alertKindsFor(subjectOf(request)).length === 0) throw COMMON_REFUSALS.permissionDenied();
};

const panelRoutes: FastifyPluginAsync<DashboardRoutesOptions> = async (app, options) => {
  const { alerts, currency, publicUrl, now } = options;
  const widgets = dashboardRepository(app.db);
  const read: { [W in DashboardWidget]: (at: Date) => Promise<unknown> } = {
    money: (at) => widgets.money(at, currency),
    sales: (at) => widgets.sales(at),
    farm: (at) => widgets.farm(at),
    machinery: (at) => widgets.machinery(at),
  };

  for (const widget of DASHBOARD_WIDGETS) {
    app.get(
      `/api/panel/dashboard/${widget}/`,
      {
        preHandler: app.requirePermission(DASHBOARD_WIDGET_PERMISSIONS[widget]),
        schema: { response: { 200: jsonSchemaOf(DASHBOARD_WIDGET_SCHEMAS[widget]) } },
      },
      () => read[widget](new Date(now())),
    );
  }

  app.get(
    '/api/panel/alerts/settings/',
    { preValidation: requireSomeAlertKind, schema: { response: { 200: jsonSchemaOf(v.array(AlertSettingSchema)) } } },
    (request) => alerts.settings((request.user as { id: number }).id, alertKindsFor(subjectOf(request))),
  );

  app.patch<{ Params: { kind: AlertKind }; Body: unknown }>(
    '/api/panel/alerts/settings/:kind/',
    {
      preValidation: requireSomeAlertKind,
      schema: {
        params: {
          type: 'object',
          required: ['kind'],
          properties: { kind: { type: 'string', enum: [...ALERT_KINDS] } },
        },
        response: { 200: jsonSchemaOf(AlertSettingSchema) },
      },
    },
    async (request) => {
      const { kind } = request.params;
      const kinds = alertKindsFor(subjectOf(request));
      if (!kinds.includes(kind)) throw COMMON_REFUSALS.permissionDenied();
      const input = parseBody(AlertSettingInputSchema, request.body, request.language);
      const userId = (request.user as { id: number }).id;
      await alerts.update(userId, kind, input);
      const [setting] = await alerts.settings(userId, [kind]);
      return setting;
    },
  );

  app.get<{ Querystring: Record<string, string> }>(
    '/api/panel/alerts/incidents/',
    {
      preValidation: requireSomeAlertKind,
      schema: {
        querystring: jsonSchemaOf(listQuerySchema(ALERT_INCIDENT_LIST)),
        response: { 200: paginatedSchema(jsonSchemaOf(AlertIncidentSchema)) },
      },
    },
    async (request) => {
      const params = readListParams(ALERT_INCIDENT_LIST, request.query);
      const allowed = alertKindsFor(subjectOf(request));
      const kinds = params.filters?.kind?.length
        ? allowed.filter((kind) => params.filters?.kind?.includes(kind))
        : allowed;
      const open = params.filters?.open?.length === 1 ? params.filters.open[0] === 'true' : undefined;
      const { count } = await alerts.incidents(kinds, open, 0, 0);
      return answerPage(
        request,
        publicUrl,
        count,
        async (window) => (await alerts.incidents(kinds, open, window.limit, window.offset)).rows,
      );
    },
  );
};

export default panelRoutes;
