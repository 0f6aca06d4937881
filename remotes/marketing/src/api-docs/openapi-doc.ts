/**
 * The part of the customer API's OpenAPI 3.1 document (`/api/v1/openapi.json`, made by the server from its routes)
 * the documentation page reads, and what it derives from it: the operations by tag in the page's language, a
 * schema's `$ref` followed, a schema's readable type, and an example value for a schema (the examples' bodies and the
 * "try it" form's starting body).
 */
import type { Language } from '@proxy/contract/languages';

export interface JsonSchema {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly format?: string;
  readonly description?: string;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly additionalProperties?: boolean | JsonSchema;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly default?: unknown;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
}

export interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required: boolean;
  readonly schema: JsonSchema;
  readonly description?: string;
}

interface Localized {
  readonly summary: string;
  readonly description?: string;
}

export interface Operation extends Localized {
  readonly operationId: string;
  readonly tags?: readonly string[];
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { readonly content: { readonly 'application/json': { readonly schema: JsonSchema } } };
  readonly responses: Readonly<
    Record<string, { readonly description: string; readonly content?: Record<string, { schema: JsonSchema }> }>
  >;
  /** The summary and description in Russian (the server's extension for this page). */
  readonly 'x-ru'?: Localized;
  /** The scope a key needs; null: any key. */
  readonly 'x-scope'?: string | null;
}

export interface OpenApiDocument {
  readonly openapi: string;
  readonly info: { readonly title: string; readonly version: string };
  readonly servers: readonly { readonly url: string }[];
  readonly tags?: readonly { readonly name: string; readonly description?: string; readonly 'x-ru'?: string }[];
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>;
  readonly components?: { readonly schemas?: Readonly<Record<string, JsonSchema>> };
}

/** One operation as the page lists it. */
export interface DocOperation {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As documented: relative to the server URL, without a trailing slash (`/proxies/{id}`). */
  readonly path: string;
  readonly operation: Operation;
  readonly summary: string;
  readonly description: string | undefined;
}

export interface DocGroup {
  readonly tag: string;
  readonly name: string;
  readonly operations: readonly DocOperation[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** A light check of what the loader fetched: an OpenAPI 3.1 document with paths (anything else is a failed load). */
export function isOpenApiDocument(value: unknown): value is OpenApiDocument {
  const document = value as Partial<OpenApiDocument> | null;
  return (
    typeof document === 'object' &&
    document !== null &&
    typeof document.openapi === 'string' &&
    document.openapi.startsWith('3.1') &&
    typeof document.paths === 'object' &&
    Array.isArray(document.servers)
  );
}

/** The operations by tag, in the document's tag order and each tag's path order, worded in `language`. */
export function groupOperations(document: OpenApiDocument, language: Language): DocGroup[] {
  const groups = new Map<string, DocOperation[]>();
  for (const tag of document.tags ?? []) groups.set(tag.name, []);
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const words = language === 'ru' && operation['x-ru'] ? operation['x-ru'] : operation;
      const tag = operation.tags?.[0] ?? document.info.title;
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)?.push({
        method: method.toUpperCase() as DocOperation['method'],
        path,
        operation,
        summary: words.summary,
        description: words.description,
      });
    }
  }
  return [...groups]
    .filter(([, operations]) => operations.length > 0)
    .map(([tag, operations]) => {
      const named = document.tags?.find((known) => known.name === tag);
      return { tag, name: (language === 'ru' && named?.['x-ru']) || tag, operations };
    });
}

/**
 * The scopes the operations ask for, in the order they first appear: read from the document rather than the
 * contract's list, which would bring its schema library into this chunk.
 */
export function scopesOf(document: OpenApiDocument): string[] {
  const scopes = new Set<string>();
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const scope = item[method]?.['x-scope'];
      if (scope) scopes.add(scope);
    }
  }
  return [...scopes];
}

/** An anchor for an operation (its id, which the document keeps unique). */
export const anchorOf = (operation: DocOperation) => `op-${operation.operation.operationId}`;

/** A `$ref` to the document's own components followed (the one form the server writes). */
export function resolveSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return document.components?.schemas?.[name] ?? {};
}

/** The variants of a union other than `null` (valibot's nullable is `anyOf: [T, {type: 'null'}]`). */
function variantsOf(schema: JsonSchema): readonly JsonSchema[] {
  return schema.anyOf ?? schema.oneOf ?? [];
}

const isNull = (schema: JsonSchema) => schema.type === 'null';

/** Whether the value may be null. */
export function isNullable(schema: JsonSchema): boolean {
  return (
    (Array.isArray(schema.type) && schema.type.includes('null')) ||
    variantsOf(schema).some(isNull) ||
    schema.const === null
  );
}

/** The one non-null shape of a nullable union, for showing its properties. */
export function unwrapNullable(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const resolved = resolveSchema(document, schema);
  const variants = variantsOf(resolved).filter((variant) => !isNull(variant));
  return variants.length === 1 ? resolveSchema(document, variants[0] as JsonSchema) : resolved;
}

/** A short readable type: `string`, `integer | null`, `array of object`, `"24h" | "7d"`. */
export function typeLabel(document: OpenApiDocument, schema: JsonSchema): string {
  const resolved = resolveSchema(document, schema);
  if (resolved.const !== undefined) return JSON.stringify(resolved.const);
  if (resolved.enum) return resolved.enum.map((value) => JSON.stringify(value)).join(' | ');
  const variants = variantsOf(resolved);
  if (variants.length > 0) return variants.map((variant) => typeLabel(document, variant)).join(' | ');
  const types = resolved.type === undefined ? [] : [resolved.type].flat();
  if (types.length === 0) return resolved.properties ? 'object' : 'any';
  return types
    .map((type) => {
      if (type === 'array' && resolved.items) return `array of ${typeLabel(document, resolved.items)}`;
      if (type === 'string' && resolved.format) return `string (${resolved.format})`;
      return type;
    })
    .join(' | ');
}

const SAMPLE_STRINGS: Readonly<Record<string, string>> = {
  'date-time': '2026-01-01T00:00:00Z',
  date: '2026-01-01',
  email: 'name@example.com',
  uri: 'https://example.com',
  ipv4: '203.0.113.10',
};

/** Values that read as real for the API's fields whose type alone says little (`country` is two capitals). */
const SAMPLE_FIELDS: Readonly<Record<string, unknown>> = {
  country: 'DE',
  city: 'Berlin',
  operator: 'Vodafone',
  login: 'u1a2b3c4d5',
  comment: 'scraper 1',
  whitelist: ['203.0.113.10'],
  period_days: 30,
};

/**
 * An example value of a schema: its default, first enum value or a value of its type; an object with its required
 * properties (all of them when none is required, as in a PATCH body). Deep enough for any body the API takes.
 */
export function exampleOf(document: OpenApiDocument, schema: JsonSchema, depth = 0, name?: string): unknown {
  const resolved = resolveSchema(document, schema);
  if (depth > 6) return null;
  if (name !== undefined && SAMPLE_FIELDS[name] !== undefined) return SAMPLE_FIELDS[name];
  if (resolved.default !== undefined) return resolved.default;
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum && resolved.enum.length > 0) return resolved.enum[0];
  const variants = variantsOf(resolved).filter((variant) => !isNull(variant));
  if (variants.length > 0) return exampleOf(document, variants[0] as JsonSchema, depth + 1);
  const type = [resolved.type ?? (resolved.properties ? 'object' : 'string')].flat().find((t) => t !== 'null');
  switch (type) {
    case 'object': {
      const properties = Object.entries(resolved.properties ?? {});
      const required = new Set(resolved.required ?? []);
      const chosen = required.size > 0 ? properties.filter(([name]) => required.has(name)) : properties;
      return Object.fromEntries(chosen.map(([key, property]) => [key, exampleOf(document, property, depth + 1, key)]));
    }
    case 'array':
      return resolved.items ? [exampleOf(document, resolved.items, depth + 1)] : [];
    case 'integer':
    case 'number':
      return resolved.minimum !== undefined && resolved.minimum > 1 ? resolved.minimum : 1;
    case 'boolean':
      return false;
    default:
      return (resolved.format && SAMPLE_STRINGS[resolved.format]) || 'string';
  }
}

/** The JSON body schema of an operation, if it takes one. */
export function bodySchemaOf(operation: Operation): JsonSchema | undefined {
  return operation.requestBody?.content['application/json'].schema;
}

/** The success answer's schema (the lowest 2xx status), with that status. */
export function successOf(operation: Operation): { status: string; schema: JsonSchema | undefined } | undefined {
  const status = Object.keys(operation.responses)
    .filter((code) => code.startsWith('2'))
    .sort()[0];
  if (status === undefined) return undefined;
  return { status, schema: operation.responses[status]?.content?.['application/json']?.schema };
}

/** The error statuses an operation documents, ascending. */
export function errorStatusesOf(operation: Operation): string[] {
  return Object.keys(operation.responses)
    .filter((code) => !code.startsWith('2'))
    .sort();
}
