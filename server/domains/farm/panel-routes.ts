/**
 * The panel's Farm section API: farm hosts (their agent token shown once, when made or regenerated) and modems (list
 * with filters, create, edit, maintenance, rotate now, delete), in the panel's one shape, with Django-style `farm.*`
 * permissions.
 */
import type { Language } from '@proxy/contract/languages';
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
import { fieldError, parseBody } from '../../lib/drf-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { message, type MessageKey } from '../../lib/messages.ts';
import { answerPage, paginatedSchema } from '../../lib/pagination.ts';
import { answers, idParams, notFound, registerItemRoutes } from '../../lib/panel.ts';
import { jsonSchemaOf } from '../../lib/schemas.ts';
import type { FarmService, FarmWrite, ModemChanges } from './farm-service.ts';
import type { NotificationWaits } from './notification-waits.ts';
import { farmPanelRepository } from './panel-repository.ts';
import { ROTATION_WAIT_MS, waitForRotation } from './rotate-link-route.ts';

type IdRequest = { Params: { id: number } };

/** A unique constraint a write hit, as the field it belongs to. */
async function uniqueAs<T>(language: Language, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'agent_hosts_name_key')
      throw fieldError('name', message('hostNameTaken', language));
    if (code === '23505' && constraint === 'modems_host_id_key_key')
      throw fieldError('key', message('modemKeyTaken', language));
    if (code === '23503' && constraint === 'modems_host_id_fkey')
      throw fieldError('host', message('doesNotExist', language));
    throw error;
  }
}

const REFUSALS: Partial<Record<FarmWrite, readonly [field: string, key: MessageKey]>> = {
  ports_in_use: ['port_max', 'portsInUse'],
  has_modems: ['non_field_errors', 'hostHasModems'],
  has_proxies: ['non_field_errors', 'modemHasProxies'],
};

/** `ok` → true, `unknown` → false (a 404), a refusal → a 400 in the request's language. */
function outcome(result: FarmWrite, language: Language): boolean {
  const refusal = REFUSALS[result];
  if (refusal) throw fieldError(refusal[0], message(refusal[1], language));
  return result === 'ok';
}

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
    operator: input.operator,
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
    list: () => reads.hosts(),
    get: (id) => reads.host(id),
    async update(id, body, language) {
      const input = parseBody(v.partial(AgentHostFieldsSchema), body, language);
      // The order of the two ends is checked against the stored one when only one is sent.
      const current = await reads.host(id);
      if (!current) return null;
      const min = input.port_min ?? current.port_min;
      const max = input.port_max ?? current.port_max;
      if (min >= max) throw fieldError('port_max', message('portOrder', language));
      return outcome(await uniqueAs(language, () => farm.updateHost(id, hostChanges(input))), language)
        ? reads.host(id)
        : null;
    },
    remove: async (id, language) => outcome(await farm.deleteHost(id), language),
  });

  app.post(
    '/api/panel/farm/hosts/',
    { ...can(AGENT_HOST_PERMISSIONS.add), schema: { response: answers(AgentHostTokenSchema, 201) } },
    async (request, reply) => {
      const input = parseBody(AgentHostInputSchema, request.body, request.language);
      const { host, token } = await uniqueAs(request.language, () =>
        farm.createHost({
          name: input.name,
          publicHost: input.public_host,
          portMin: input.port_min,
          portMax: input.port_max,
        }),
      );
      request.log.info({ hostId: host.id }, 'farm host created');
      return reply.code(201).send({ ...(await reads.host(host.id)), token });
    },
  );

  app.post<IdRequest>(
    '/api/panel/farm/hosts/:id/token/',
    { ...can(AGENT_HOST_PERMISSIONS.change), schema: { params: idParams, response: answers(AgentHostTokenSchema) } },
    async (request, reply) => {
      const token = await farm.regenerateHostToken(request.params.id);
      if (token === null) return notFound(reply, request.language);
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
    async (request, reply) => {
      const params = readListParams(MODEM_LIST, request.query);
      const count = await reads.countModems(params);
      return answerPage(request, reply, publicUrl, count, (window) => reads.modems(params, window));
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
      const modem = await uniqueAs(language, () => farm.createModem(modemChanges(input)));
      return reads.modem(modem.id);
    },
    async update(id, body, language) {
      const input = parseBody(v.partial(ModemInputSchema), body, language);
      const result = await uniqueAs(language, () => farm.updateModem(id, modemChanges(input)));
      return outcome(result, language) ? reads.modem(id) : null;
    },
    remove: async (id, language) => outcome(await farm.deleteModem(id), language),
  });

  app.post<IdRequest>(
    '/api/panel/farm/modems/:id/rotate/',
    { ...can(MODEM_PERMISSIONS.change), schema: { params: idParams, response: answers(RotationAnswerSchema) } },
    async (request, reply) => {
      const started = await farm.requestStaffRotation(request.params.id, actorId(request));
      if (started.kind === 'unknown') return notFound(reply, request.language);
      if (started.kind === 'unavailable') throw new HttpError(409, { detail: message('modemBusy', request.language) });
      const rotation = await waitForRotation(
        farm,
        waits,
        started.rotationId,
        options.rotationWaitMs ?? ROTATION_WAIT_MS,
      );
      if (rotation?.status === 'done') return { ok: true, ip: rotation.newIp as string };
      return { ok: false, error: rotation ? 'rotation_failed' : 'timeout' };
    },
  );
};

export default panelRoutes;
