/**
 * Reads a valibot schema (the one the server validates with) to drive a form: which control a field gets, what a
 * new item starts as, and what is sent back. So a new field in a contract schema shows up in the panel without a
 * form change, and the form can only produce what the server accepts. Block data is the first user.
 */
import type * as v from 'valibot';
import { BlockImageSchema } from '@proxy/contract/schemas/blocks';

type Schema = v.GenericSchema;
/** What a schema object is at run time: a `type`, sometimes a `pipe` of actions and type-specific parts. */
interface SchemaNode {
  readonly type: string;
  readonly pipe?: readonly { readonly type: string; readonly requirement?: unknown }[];
  readonly wrapped?: Schema;
  readonly entries?: Readonly<Record<string, Schema>>;
  readonly item?: Schema;
  readonly options?: readonly (string | number)[];
}

const node = (schema: Schema) => schema as unknown as SchemaNode;

export type FieldKind =
  | { readonly kind: 'image' }
  | { readonly kind: 'object'; readonly entries: Readonly<Record<string, Schema>> }
  | { readonly kind: 'list'; readonly item: Schema; readonly min: number; readonly max: number }
  | { readonly kind: 'choice'; readonly options: readonly (string | number)[] }
  | { readonly kind: 'switch' }
  | {
      readonly kind: 'number';
      /** `integer()` in the schema: a whole number, a decimal refused on the field. */
      readonly integer: boolean;
      readonly min: number | undefined;
      readonly max: number | undefined;
    }
  | { readonly kind: 'date' }
  | { readonly kind: 'text'; readonly maxLength: number | undefined; readonly required: boolean };

/** Strips `optional`/`nullable` wrappers: the field itself, and whether it may be left out. */
export function unwrap(schema: Schema): { schema: Schema; optional: boolean } {
  let current = schema;
  let optional = false;
  while (['optional', 'nullable', 'nullish'].includes(node(current).type)) {
    optional = true;
    current = node(current).wrapped as Schema;
  }
  return { schema: current, optional };
}

function requirement(schema: Schema, action: string): number | undefined {
  const found = node(schema).pipe?.find((step) => step.type === action);
  return typeof found?.requirement === 'number' ? found.requirement : undefined;
}

const hasAction = (schema: Schema, action: string) => node(schema).pipe?.some((step) => step.type === action) ?? false;

/** The control a field gets. */
export function fieldKind(schema: Schema): FieldKind {
  const { schema: inner, optional } = unwrap(schema);
  if (inner === BlockImageSchema) return { kind: 'image' };
  const { type } = node(inner);
  switch (type) {
    case 'object':
      return { kind: 'object', entries: node(inner).entries ?? {} };
    case 'array':
      return {
        kind: 'list',
        item: node(inner).item as Schema,
        min: requirement(inner, 'min_length') ?? 0,
        max: requirement(inner, 'max_length') ?? Number.POSITIVE_INFINITY,
      };
    case 'picklist':
      return { kind: 'choice', options: node(inner).options ?? [] };
    case 'boolean':
      return { kind: 'switch' };
    case 'number':
      return {
        kind: 'number',
        integer: hasAction(inner, 'integer'),
        min: requirement(inner, 'min_value'),
        max: requirement(inner, 'max_value'),
      };
    default:
      if (hasAction(inner, 'iso_date')) return { kind: 'date' };
      return {
        kind: 'text',
        maxLength: requirement(inner, 'max_length'),
        // A pattern (a link, a video path) never matches an empty string: such a field must be filled in too.
        required: !optional && ((requirement(inner, 'min_length') ?? 0) > 0 || hasAction(inner, 'regex')),
      };
  }
}

/** What a new block or a new list item starts as: empty texts, the first choice, the fewest items allowed. */
export function emptyValue(schema: Schema): unknown {
  if (unwrap(schema).optional) return undefined;
  const kind = fieldKind(schema);
  switch (kind.kind) {
    case 'object':
      return Object.fromEntries(Object.entries(kind.entries).map(([key, entry]) => [key, emptyValue(entry)]));
    case 'list':
      return Array.from({ length: kind.min }, () => emptyValue(kind.item));
    case 'choice':
      return kind.options[0];
    case 'switch':
      return false;
    case 'number':
    case 'image':
      return undefined;
    default:
      return '';
  }
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The value as the API expects it: an optional field left empty is left out (an empty link would fail its
 * pattern), list items and nested objects are cleaned the same way, and unknown keys are dropped.
 */
export function cleanValue(schema: Schema, value: unknown): unknown {
  const { optional } = unwrap(schema);
  if (optional && isEmpty(value)) return undefined;
  const kind = fieldKind(schema);
  if (kind.kind === 'image') {
    if (!value || typeof value !== 'object') return value;
    const image = value as Record<string, unknown>;
    if (optional && isEmpty(image.id)) return undefined;
    return { id: image.id, width: image.width, height: image.height, alt: image.alt ?? '' };
  }
  if (kind.kind === 'object') {
    const source = (value ?? {}) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(kind.entries)) {
      const cleaned = cleanValue(entry, source[key]);
      if (cleaned !== undefined) out[key] = cleaned;
    }
    return out;
  }
  if (kind.kind === 'list') return ((value ?? []) as unknown[]).map((item) => cleanValue(kind.item, item));
  if (kind.kind === 'text' && typeof value !== 'string') return value ?? '';
  return value;
}
