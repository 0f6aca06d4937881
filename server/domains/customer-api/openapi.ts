/**
 * The customer API's OpenAPI 3.1 document, made from the routes themselves as they are registered: their params,
 * query and response schemas (the contract's valibot schemas through `jsonSchemaOf`, the same objects Fastify
 * validates and serializes with) and, for bodies the routes check with `parseBody`, the contract schema named in the
 * route's `config.openapi.body`. Nothing is written twice, so the document cannot drift from the API.
 *
 * Paths are documented without their trailing slash (the server answers both: `ignoreTrailingSlash`), under the
 * server URL `<PUBLIC_URL>/api/v1`.
 */
import { STATUS_CODES } from 'node:http';
import { API_KEY_SCOPES, ApiErrorSchema, type ApiKeyScope } from '@proxy/contract/schemas/api-keys';
import type { RouteOptions } from 'fastify';
import type * as v from 'valibot';
import { jsonSchemaOf } from '../../lib/schemas.ts';
import { RATE_LIMITS, type RateRule } from '../../plugins/rate-limit.ts';
import { API_KEY_SCOPE } from './guard.ts';

/** What a route says of itself for the document. */
export interface OpenApiOperation {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  /**
   * The summary and description in Russian, served as the operation's `x-ru` extension: the site's documentation
   * page shows them on its Russian page. Generators and linters skip `x-` extensions, so the client is unchanged.
   */
  readonly ru?: { readonly summary: string; readonly description?: string };
  /** The contract schema the route's `parseBody` checks its JSON body with. */
  readonly body?: v.GenericSchema;
  /** The route needs an `Idempotency-Key` header. */
  readonly idempotent?: boolean;
  /** Without a key: this document itself. */
  readonly public?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    readonly openapi?: OpenApiOperation;
  }
}

/** The one error schema: routes' error answers are this object, so the document names it once. */
export const API_ERROR_JSON = jsonSchemaOf(ApiErrorSchema);
const ERROR_REF = { $ref: '#/components/schemas/Error' };

const PREFIX = '/api/v1';

const rateHeaders = {
  'RateLimit-Limit': { description: 'Requests this key may make in the window.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window starts afresh.', schema: { type: 'integer' } },
};

/** A budget as the document states it, from the limits the server enforces (plugins/rate-limit.ts). */
const budget = ({ limit, windowSeconds }: RateRule) => `${limit} requests per ${windowSeconds} seconds`;

const DESCRIPTION = `Manage your mobile proxies, buy and renew them, and read your balance from your own scripts.

**Authentication.** Make a key on your account page (API keys) and send it as \`Authorization: Bearer <key>\`: the
standard header for a bearer secret (RFC 6750) that every HTTP client and OpenAPI tool knows. A key works under
\`/api/v1/\` only; each key has scopes (${API_KEY_SCOPES.map((scope) => `\`${scope}\``).join(', ')}) and a
request outside them is a 403. A revoked key, or a key of a blocked account, is refused at once (401).

**Errors** all have one shape: \`{"error": {"code": "...", "message": "...", "fields": {...}}}\`. \`code\` is stable
(\`invalid_request\`, \`unauthorized\`, \`forbidden\`, \`not_found\`, \`insufficient_funds\`, \`conflict\`,
\`rate_limited\`…); \`message\` is in the \`Accept-Language\` language (English by default, Russian with \`ru\`);
\`fields\` is there on a 400 about particular fields.

**Rate limits.** A key may make ${budget(RATE_LIMITS.apiKey)}, and one client address ${budget(RATE_LIMITS.apiAddress)}
whatever keys it sends; every request answered counts, errors too. The key's budget is told in every answer's
\`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` headers; past either the answer is 429 with
\`Retry-After\` (seconds). Orders, renewals and changes to proxies have per-account budgets of their own.

**Pagination.** Lists take \`page\` (1-based, or \`last\`) and \`page_size\` (up to 100) and answer
\`{"count", "next", "previous", "results"}\`, \`next\`/\`previous\` being full URLs or null.

**Paying requests** (orders, renewals) need an \`Idempotency-Key\` header: sent again with the same key, the request
answers what the first one made (200) instead of paying twice; the same key with another request is a 422.`;

/** The document's groups, by the scope an operation needs: a reader finds together what one key may do. */
const TAGS = [
  { name: 'Proxies', description: 'Your proxies: read, change, rotate, reboot, check.', 'x-ru': 'Прокси' },
  { name: 'Orders', description: 'Stock and prices, orders and renewals.', 'x-ru': 'Заказы' },
  { name: 'Billing', description: 'Balance, ledger and invoices.', 'x-ru': 'Финансы' },
] as const;

function tagOf(scope: ApiKeyScope | null): (typeof TAGS)[number]['name'] {
  if (scope === 'billing:read') return 'Billing';
  if (scope === null || scope === 'orders:write') return 'Orders';
  return 'Proxies';
}

/** The scope the route's key guard asks for (`null`: any key), as the guard recorded it. */
function scopeOf(route: RouteOptions): ApiKeyScope | null {
  const handlers = [route.preHandler ?? []].flat() as unknown as Record<symbol, ApiKeyScope | null | undefined>[];
  for (const handler of handlers) if (handler[API_KEY_SCOPE] !== undefined) return handler[API_KEY_SCOPE];
  return null;
}

interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required: boolean;
  readonly schema: unknown;
  readonly description?: string;
}

function parametersOf(route: RouteOptions, operation: OpenApiOperation): Parameter[] {
  const schema = (route.schema ?? {}) as { params?: JsonObject; querystring?: JsonObject };
  const parameters: Parameter[] = [];
  for (const [where, object] of [
    ['path', schema.params],
    ['query', schema.querystring],
  ] as const) {
    const required = new Set((object?.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((object?.properties as JsonObject | undefined) ?? {})) {
      parameters.push({ name, in: where, required: where === 'path' || required.has(name), schema: property });
    }
  }
  if (operation.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description: 'Visible ASCII, up to 255 characters; the same key again answers the first request’s result.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  }
  return parameters;
}

type JsonObject = Record<string, unknown>;

function responsesOf(route: RouteOptions): JsonObject {
  const answers = ((route.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {}) as Record<
    string,
    unknown
  >;
  const responses: JsonObject = {};
  for (const [status, schema] of Object.entries(answers).sort(([a], [b]) => Number(a) - Number(b))) {
    const code = Number(status);
    const isError = schema === API_ERROR_JSON;
    responses[status] = {
      description: STATUS_CODES[code] ?? 'Answer',
      // Every answer to a request with a key tells the key's budget: errors count against it too.
      headers:
        code === 429
          ? { ...rateHeaders, 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } }
          : rateHeaders,
      content: { 'application/json': { schema: isError ? ERROR_REF : schema } },
    };
  }
  return responses;
}

export function openApiDocument(routes: readonly RouteOptions[], publicUrl: string): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of routes) {
    const operation = route.config?.openapi;
    if (!operation || operation.public) continue;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    const path = route.url
      .slice(PREFIX.length)
      .replace(/\/$/, '')
      .replace(/:([A-Za-z_]+)/g, '{$1}');
    for (const method of methods) {
      const parameters = parametersOf(route, operation);
      const scope = scopeOf(route);
      (paths[path] ??= {})[method.toLowerCase()] = {
        operationId: operation.operationId,
        tags: [tagOf(scope)],
        summary: operation.summary,
        ...(operation.description ? { description: operation.description } : {}),
        ...(operation.ru ? { 'x-ru': operation.ru } : {}),
        // The scope a key needs (any key when null): shown by the site's documentation page.
        'x-scope': scope,
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(operation.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: jsonSchemaOf(operation.body, { errorMode: 'ignore' }) } },
              },
            }
          : {}),
        responses: responsesOf(route),
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Customer API',
      version: '1.0.0',
      description: DESCRIPTION,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: `${publicUrl}${PREFIX}` }],
    security: [{ apiKey: [] }],
    tags: TAGS,
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key from your account page: `Authorization: Bearer mpk_…`.',
        },
      },
      schemas: { Error: API_ERROR_JSON },
    },
  };
}
