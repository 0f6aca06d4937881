/** What every panel section's API shares: id params, DRF-shaped answers, 404s and the reorder body. */
import type { Language } from '@proxy/contract/languages';
import { ReorderSchema } from '@proxy/contract/schemas/reorder';
import type { FastifyReply } from 'fastify';
import type * as v from 'valibot';
import { HttpError } from './http-error.ts';
import { fieldError, parseBody } from './drf-errors.ts';
import { message } from './messages.ts';
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

export function notFound(reply: FastifyReply, language: Language): FastifyReply {
  return reply.code(404).send({ detail: message('notFound', language) });
}

/** The ids of a reorder call; `applied` is the repository's answer (false: not exactly the list's items). */
export function parseReorder(body: unknown, language: Language): readonly number[] {
  return parseBody(ReorderSchema, body, language).ids;
}

export function reorderRefused(language: Language): HttpError {
  return fieldError('ids', message('badReorder', language));
}
