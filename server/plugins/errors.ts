/**
 * Errors in Django REST framework's shape, because the client was written against DRF (docs/auth-api-contract.md):
 * `{"detail": "..."}` for single errors, `{"field": ["msg"]}` for validation, JSON 404/405 under /api. Every business
 * refusal (`lib/refusal.ts`) is worded here, in the request's language: routes throw them and build no bodies.
 * 5xx bodies never carry the error's message: it may hold SQL, paths or secrets. It goes to the log instead.
 * The customer API (`/api/v1/`) gets the same errors in its own shape (lib/api-error.ts).
 */
import { STATUS_CODES } from 'node:http';
import type { Language } from '@proxy/contract/languages';
import { DATE, WHOLE_NUMBER } from '@proxy/contract/schemas/list-query';
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { DbUnavailableError } from '../db/db.ts';
import { HttpError } from '../lib/http-error.ts';
import { JsonParseError } from '../lib/json-body.ts';
import {
  invalidChoice,
  maxLength,
  maxValue,
  message,
  methodNotAllowed,
  minLength,
  minValue,
  unsupportedMediaType,
} from '../lib/messages.ts';
import { toApiError } from '../lib/api-error.ts';
import { isApiPath, isCustomerApiPath, pathOf } from '../lib/paths.ts';
import { Refusal } from '../lib/refusal.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

type ErrorTree = { [key: string]: string[] | ErrorTree };

function messageFor(error: FastifySchemaValidationError, language: Language): string {
  const params = error.params as Record<string, unknown>;
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'required':
      return message('required', language);
    case 'type':
      if ((error as { data?: unknown }).data === null) return message('mayNotBeNull', language);
      switch (params.type) {
        case 'string':
          return message('notAString', language);
        case 'integer':
          return message('notAnInteger', language);
        case 'number':
          return message('notANumber', language);
        case 'boolean':
          return message('notABoolean', language);
        case 'array':
          return message('notAList', language);
        case 'object':
          return message('notAnObject', language);
        default:
          return message('invalid', language);
      }
    case 'minLength':
      return limit === 1 ? message('blank', language) : minLength(limit, language);
    case 'maxLength':
      return maxLength(limit, language);
    case 'minimum':
      return minValue(limit, language);
    case 'maximum':
      return maxValue(limit, language);
    case 'format':
      return params.format === 'email' ? message('invalidEmail', language) : message('invalid', language);
    // Only list queries' filters are checked by a pattern (the contract's list-query.ts), each in DRF's words: a
    // range bound as an integer field, a date bound as a date field, a list filter's value as a bad choice.
    case 'pattern':
      if (params.pattern === WHOLE_NUMBER.source) return message('notAnInteger', language);
      if (params.pattern === DATE.source) return message('invalidDate', language);
      return invalidChoice((error as { data?: unknown }).data ?? '', language);
    case 'enum':
      return invalidChoice((error as { data?: unknown }).data ?? '', language);
    default:
      return message('invalid', language);
  }
}

/** Ajv's errors as DRF's nested field errors: `/address/city` → `{"address":{"city":["..."]}}`. */
export function fieldErrors(errors: readonly FastifySchemaValidationError[], language: Language): ErrorTree {
  const tree: ErrorTree = {};
  for (const error of errors) {
    const segments = error.instancePath
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (error.keyword === 'required') segments.push(String((error.params as Record<string, unknown>).missingProperty));
    if (segments.length === 0) segments.push('non_field_errors');
    // A crafted field name must not reach an object's prototype.
    if (segments.some((s) => s === '__proto__' || s === 'constructor' || s === 'prototype')) continue;
    let node: ErrorTree = tree;
    for (const [index, segment] of segments.entries()) {
      const last = index === segments.length - 1;
      const existing = node[segment];
      if (last) {
        const text = messageFor(error, language);
        if (Array.isArray(existing)) {
          if (!existing.includes(text)) existing.push(text);
        } else if (existing === undefined) {
          node[segment] = [text];
        }
      } else {
        if (Array.isArray(existing)) break; // the parent already failed as a whole; that message is enough
        node = existing ?? (node[segment] = {});
      }
    }
  }
  return tree;
}

function sendError(request: FastifyRequest, reply: FastifyReply, status: number, body: object): FastifyReply {
  reply.code(status);
  if (isApiPath(request.url)) {
    // The customer API answers every error in its own one shape (lib/api-error.ts).
    const shaped = isCustomerApiPath(request.url)
      ? toApiError(status, body, request.language, reply.getHeader('retry-after'))
      : body;
    // Pre-serialized: a route's response schema for this status must not strip the error's fields.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(shaped));
  }
  return reply.type('text/plain; charset=utf-8').send(STATUS_CODES[status] ?? 'Error');
}

export default fp(
  async (app) => {
    /** Methods that have a route for this concrete URL, leaving out the site's catch-all wildcard routes. */
    function allowedMethods(url: string): string[] {
      const allowed: string[] = [];
      for (const method of METHODS) {
        const route = app.findRoute({ method, url });
        if (route && !('*' in (route.params as Record<string, unknown>))) allowed.push(method);
      }
      return allowed;
    }

    app.setNotFoundHandler((request, reply) => {
      const language = request.language;
      if (isApiPath(request.url)) {
        const allowed = allowedMethods(pathOf(request.url));
        if (allowed.length > 0) {
          reply.header('allow', allowed.join(', '));
          return sendError(request, reply, 405, { detail: methodNotAllowed(request.method, language) });
        }
        return sendError(request, reply, 404, { detail: message('notFound', language) });
      }
      return sendError(request, reply, 404, {});
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      const language = request.language;
      if (error.validation) {
        return sendError(request, reply, 400, fieldErrors(error.validation, language));
      }
      if (error instanceof Refusal) {
        // A service refusing for now (a gateway down, a full queue) is worth a warning; what led to any refusal (the
        // decoder's error, the violated constraint) is for the log only, never the client.
        if (error.status >= 500) request.log.warn({ err: error.cause, refusal: error.code }, 'request refused');
        else if (error.cause !== undefined)
          request.log.info({ err: error.cause, refusal: error.code }, 'request refused');
        reply.headers(error.headers);
        return sendError(request, reply, error.status, error.body(language));
      }
      if (error instanceof HttpError) {
        reply.headers(error.headers);
        return sendError(request, reply, error.statusCode, error.body);
      }
      if (error instanceof JsonParseError) return sendError(request, reply, 400, { detail: error.message });
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return sendError(request, reply, 413, { detail: message('bodyTooLarge', language) });
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        const mediaType = String(request.headers['content-type'] ?? '').split(';')[0] ?? '';
        return sendError(request, reply, 415, { detail: unsupportedMediaType(mediaType, language) });
      }
      if (error instanceof DbUnavailableError) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', '5');
        return sendError(request, reply, 503, { detail: message('serviceUnavailable', language) });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own 4xx (bad URL encoding, empty body, ...): their messages are about the request, not secrets.
        return sendError(request, reply, status, { detail: error.message });
      }
      request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, 500, { detail: message('serverError', language) });
    });
  },
  { name: 'errors', fastify: '5.x', dependencies: ['language'] },
);
