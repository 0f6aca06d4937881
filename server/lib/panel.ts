/**
 * What every panel section's API shares: the item routes of a resource, id params, DRF-shaped answers, 404s and the
 * reorder body.
 */
import type { Language } from '@proxy/contract/languages';
import { ReorderSchema } from '@proxy/contract/schemas/reorder';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { parseBody } from './drf-errors.ts';
import { COMMON_REFUSALS } from './refusal.ts';
import { DetailSchema, jsonSchemaOf } from './schemas.ts';

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
} as const;

const errorAnswers = { 400: { type: 'object', additionalProperties: true }, 404: DetailSchema } as const;

/** Response schemas of a read or write: the resource (200, or 201 for a create) and DRF's 4xx bodies. */
export function answers(schema: v.GenericSchema, status: 200 | 201 = 200): Record<number, unknown> {
  return { [status]: jsonSchemaOf(schema), ...errorAnswers };
}

/** Response schemas of a delete. */
export const deleted = { 204: { type: 'null' }, ...errorAnswers } as const;

/** The 404 of an id that is not there (or not the caller's), usable in an expression: `found ?? notFound()`. */
export function notFound(): never {
  throw COMMON_REFUSALS.notFound();
}

/** The ids of a reorder call; `applied` is the repository's answer (false: not exactly the list's items). */
export function parseReorder(body: unknown, language: Language): readonly number[] {
  return parseBody(ReorderSchema, body, language).ids;
}

type IdRequest = { Params: { id: number } };

/** One panel resource's item routes; each write parses its own body (and maps its own conflicts). */
export interface ItemRoutes {
  /** The collection (`/api/panel/plans/`); an item is `{path}{id}/`. */
  readonly path: string;
  /** Django-style model permissions; writes to a part of another resource (a page's blocks) use its `change`. */
  readonly permissions: {
    readonly view: string;
    readonly add: string;
    readonly change: string;
    readonly delete: string;
  };
  /** The item as the API answers it. */
  readonly item: v.GenericSchema;
  /** `GET {path}`: the whole list, for short lists the panel orders by hand (paginated lists declare their own). */
  readonly list?: () => Promise<unknown[]>;
  readonly get: (id: number) => Promise<unknown>;
  /** `POST {path}` → 201; `request` names who does it (a write that records its author). */
  readonly create?: (body: unknown, language: Language, request: FastifyRequest) => Promise<unknown>;
  /** `PATCH {path}{id}/`: any subset of the fields; null for no such item. */
  readonly update: (id: number, body: unknown, language: Language, request: FastifyRequest) => Promise<unknown>;
  /** `DELETE {path}{id}/` → 204; false for no such item. */
  readonly remove: (id: number, language: Language) => Promise<boolean>;
}

/**
 * The routes every panel resource has, in one shape (react-admin's `getList/getOne/create/update/delete`): each
 * guarded by its permission, with its request and response schemas, 404 for an id that is not there, 201 on
 * create, 204 on delete. A section gives its schemas and its data calls; what is particular to it (a paginated
 * list, a reorder) it declares beside.
 */
export function registerItemRoutes(app: FastifyInstance, resource: ItemRoutes): void {
  const can = (permission: string) => ({ preHandler: app.requirePermission(permission) });
  const { path, permissions, item } = resource;
  const itemPath = `${path}:id/`;
  const { list, create } = resource;

  if (list) {
    app.get(path, { ...can(permissions.view), schema: { response: answers(v.array(item)) } }, () => list());
  }
  if (create) {
    app.post(path, { ...can(permissions.add), schema: { response: answers(item, 201) } }, async (request, reply) =>
      reply.code(201).send(await create(request.body, request.language, request)),
    );
  }
  app.get<IdRequest>(
    itemPath,
    { ...can(permissions.view), schema: { params: idParams, response: answers(item) } },
    async (request) => (await resource.get(request.params.id)) ?? notFound(),
  );
  app.patch<IdRequest>(
    itemPath,
    { ...can(permissions.change), schema: { params: idParams, response: answers(item) } },
    async (request) =>
      (await resource.update(request.params.id, request.body, request.language, request)) ?? notFound(),
  );
  app.delete<IdRequest>(
    itemPath,
    { ...can(permissions.delete), schema: { params: idParams, response: deleted } },
    async (request, reply) =>
      (await resource.remove(request.params.id, request.language)) ? reply.code(204).send() : notFound(),
  );
}
