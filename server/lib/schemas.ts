/**
 * The contract's valibot schemas as JSON Schema for Fastify: one schema object is what the client decodes and what
 * the server's response serializer emits (house style: schemas are the contract).
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

export function jsonSchemaOf(
  schema: v.GenericSchema,
  /**
   * `ignore`: leave out what JSON Schema cannot say (a `trim`, a custom check) instead of throwing — for documents
   * that describe a body the route checks with the valibot schema itself (`parseBody`), never for a validator.
   */
  options: { readonly errorMode?: 'throw' | 'ignore' } = {},
): Record<string, unknown> {
  const json: Record<string, unknown> = {
    ...toJsonSchema(schema, {
      ...(options.errorMode ? { errorMode: options.errorMode } : {}),
      // A loose object keeps the keys it does not list (block data, typed per block): the serializer must too, and
      // the converter leaves `additionalProperties` unset, which Fastify's serializer reads as "drop them".
      overrideSchema: ({ valibotSchema, jsonSchema }) =>
        valibotSchema.type === 'loose_object' ? { ...jsonSchema, additionalProperties: true } : undefined,
    }),
  };
  // `$schema` names draft-07; Fastify's validator and serializer take the schema without it.
  delete json.$schema;
  return json;
}

/** DRF's single-message error body. */
export const DetailSchema = {
  type: 'object',
  required: ['detail'],
  properties: { detail: { type: 'string' } },
} as const;
