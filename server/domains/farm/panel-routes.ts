/**
 * The panel's Farm section API: farm hosts (their agent token shown once, when made or regenerated) and modems (list
 * with filters, create, edit, maintenance, rotate now, reboot, delete), in the panel's one shape, with Django-style `farm.*`
 * permissions.
 */
import { AGENT_HOST_PERMISSIONS, MODEM_PERMISSIONS } from '@proxy/contract/permissions';
import {
  AgentHostFieldsSchema,
  AgentHostInputSchema,
  AgentHostSchema,
  AgentHostTokenSchema,
  FarmChoicesSchema,
  MODEM_LIST,
  ModemInputSchema,
  PanelModemSchema,
  RotationAnswerSchema,
  type AgentHostInput,
  type ModemInput,
} from '@proxy/contract/schemas/farm';
import { listQuerySchema, readListParams } from '@proxy/contract/schemas/list-query';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { parseBody } from '../../lib/drf-errors.ts';
import { answerPage, paginatedSchema } from '../../lib/pagination.ts';
import { answers, idParams, notFound, registerItemRoutes } from '../../lib/panel.ts';
import { jsonSchemaOf } from '../../lib/schemas.ts';
import type { FarmService, ModemChanges } from './farm-service.ts';
import { withReachability } from './host-reachability.ts';
import type { NotificationWaits } from './notification-waits.ts';
import { farmPanelRepository } from './panel-repository.ts';
import { ROTATION_WAIT_MS, waitForRotation } from './rotate-link-route.ts';

type IdRequest = { Params: { id: number } };

const hostChanges = (input: Partial<AgentHostInput>) => ({
  name: input.name,
  publicHost: input.public_host,
  portMin: input.port_min,
  portMax: input.port_max,
});

/** The modem's fields as the service names them; from a whole input (a create) every one is there. */
function modemChanges(input: ModemInput): Required<ModemChanges>;
function modemChanges(input: Partial<ModemInput>): ModemChanges;
function modemChanges(input: Partial<ModemInput>): ModemChanges {
  return {
    hostId: input.host,
    name: input.name,
    key: input.key,
    country: input.country,
    city: input.city,
    cityRu: input.city_ru,
    operator: input.operator,
    operatorRu: input.operator_ru,
    capacity: input.capacity,
    notes: input.notes,
    maintenance: input.maintenance,
  };
}

const panelRoutes: FastifyPluginAsync<{
  farm: FarmService;
  waits: NotificationWaits;
  publicUrl: string;
  rotationWaitMs?: number;
}> = async (app, options) => {
  const { farm, waits, publicUrl } = options;
  const reads = farmPanelRepository(app.db);
  const can = (permission: string) => ({ preHandler: app.requirePermission(permission) });
  const actorId = (request: FastifyRequest) => (request.user as { id: number }).id;

  // ---- Hosts --------------------------------------------------------------------------------------------------

  registerItemRoutes(app, {
    path: '/api/panel/farm/hosts/',
    permissions: AGENT_HOST_PERMISSIONS,
    item: AgentHostSchema,
    list: async () => withReachability(app.db, await reads.hosts()),
    get: (id) => reads.host(id),
    async update(id, body, language) {
      const input = parseBody(v.partial(AgentHostFieldsSchema), body, language);
      return (await farm.updateHost(id, hostChanges(input))) ? reads.host(id) : null;
    },
    remove: (id) => farm.deleteHost(id),
  });

  app.post(
    '/api/panel/farm/hosts/',
    { ...can(AGENT_HOST_PERMISSIONS.add), schema: { response: answers(AgentHostTokenSchema, 201) } },
    async (request, reply) => {
      const input = parseBody(AgentHostInputSchema, request.body, request.language);
      const { host, token } = await farm.createHost({
        name: input.name,
        publicHost: input.public_host,
        portMin: input.port_min,
        portMax: input.port_max,
      });
      request.log.info({ hostId: host.id }, 'farm host created');
      return reply.code(201).send({ ...(await reads.host(host.id)), token });
    },
  );

  app.post<IdRequest>(
    '/api/panel/farm/hosts/:id/token/',
    { ...can(AGENT_HOST_PERMISSIONS.change), schema: { params: idParams, response: answers(AgentHostTokenSchema) } },
    async (request) => {
      const token = await farm.regenerateHostToken(request.params.id);
      if (token === null) return notFound();
      request.log.info({ hostId: request.params.id }, 'farm host token regenerated');
      return { ...(await reads.host(request.params.id)), token };
    },
  );

  // ---- Modems -------------------------------------------------------------------------------------------------

  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/api/panel/farm/modems/',
    {
      ...can(MODEM_PERMISSIONS.view),
      schema: {
        querystring: jsonSchemaOf(listQuerySchema(MODEM_LIST)),
        response: { 200: paginatedSchema(jsonSchemaOf(PanelModemSchema)) },
      },
    },
    async (request) => {
      const params = readListParams(MODEM_LIST, request.query);
      const count = await reads.countModems(params);
      return answerPage(request, publicUrl, count, (window) => reads.modems(params, window));
    },
  );

  app.get(
    '/api/panel/farm/choices/',
    { ...can(MODEM_PERMISSIONS.view), schema: { response: answers(FarmChoicesSchema) } },
    () => reads.choices(),
  );

  registerItemRoutes(app, {
    path: '/api/panel/farm/modems/',
    permissions: MODEM_PERMISSIONS,
    item: PanelModemSchema,
    get: (id) => reads.modem(id),
    async create(body, language) {
      const input = parseBody(ModemInputSchema, body, language);
      const modem = await farm.createModem(modemChanges(input));
      return reads.modem(modem.id);
    },
    async update(id, body, language) {
      const input = parseBody(v.partial(ModemInputSchema), body, language);
      return (await farm.updateModem(id, modemChanges(input))) ? reads.modem(id) : null;
    },
    remove: (id) => farm.deleteModem(id),
  });

  app.post<IdRequest>(
    '/api/panel/farm/modems/:id/rotate/',
    { ...can(MODEM_PERMISSIONS.change), schema: { params: idParams, response: answers(RotationAnswerSchema) } },
    async (request) => {
      const rotationId = await farm.requestStaffRotation(request.params.id, actorId(request));
      if (rotationId === null) return notFound();
      const rotation = await waitForRotation(farm, waits, rotationId, options.rotationWaitMs ?? ROTATION_WAIT_MS);
      if (rotation?.status === 'done') return { ok: true, ip: rotation.newIp as string };
      return { ok: false, error: rotation ? 'rotation_failed' : 'timeout' };
    },
  );

  app.post<IdRequest>(
    '/api/panel/farm/modems/:id/reboot/',
    { ...can(MODEM_PERMISSIONS.change), schema: { params: idParams, response: answers(RotationAnswerSchema) } },
    async (request) => {
      const rotationId = await farm.requestStaffReboot(request.params.id, actorId(request));
      if (rotationId === null) return notFound();
      request.log.info({ modemId: request.params.id, rotationId }, 'modem reboot requested by staff');
      const rotation = await waitForRotation(farm, waits, rotationId, options.rotationWaitMs ?? ROTATION_WAIT_MS);
      if (rotation?.status === 'done') return { ok: true, ip: rotation.newIp as string };
      return { ok: false, error: rotation ? 'rotation_failed' : 'timeout' };
    },
  );
};

export default panelRoutes;
