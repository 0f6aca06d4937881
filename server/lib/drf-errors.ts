/**
 * A request body checked against a contract schema and refused the way DRF refuses it: 400 with the messages of
 * each field at the field's place, nested objects as objects and lists as lists (`{"items": [{}, {"title": [..]}]}`),
 * so the panel's forms attach each message to its own input (spec §5: errors "by name, including nested ones").
 * Texts are DRF's and Django's, in the request's language.
 */
import type { Language } from '@proxy/contract/languages';
import { NULL_CHARACTERS, SURROGATE_CHARACTERS } from '@proxy/contract/schemas/fields';
import * as v from 'valibot';
import { CHECK_MESSAGES } from './check-messages.ts';
import { HttpError } from './http-error.ts';
import {
  expectedDictionary,
  invalidChoice,
  maxLength,
  maxValue,
  message,
  MESSAGES,
  type MessageKey,
  minLength,
  minValue,
} from './messages.ts';

type ErrorTree = Record<string, unknown>;

function minItems(limit: number, language: Language): string {
  return language === 'ru'
    ? `Убедитесь, что это поле содержит как минимум ${limit} элементов.`
    : `Ensure this field has at least ${limit} elements.`;
}

function maxItems(limit: number, language: Language): string {
  return language === 'ru'
    ? `Убедитесь, что это поле содержит не более ${limit} элементов.`
    : `Ensure this field has no more than ${limit} elements.`;
}

/**
 * A schema's own check names its message in snake case (`percent_range`, check-messages.ts; or a generic one such
 * as `invalid_email`); unknown names read "Invalid input."
 */
function namedMessage(name: string, language: Language): string {
  const key = name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
  if (Object.hasOwn(CHECK_MESSAGES, key)) return CHECK_MESSAGES[key as keyof typeof CHECK_MESSAGES][language];
  return Object.hasOwn(MESSAGES, key) ? message(key as MessageKey, language) : message('invalid', language);
}

/** The DRF text for one valibot issue. */
export function issueMessage(issue: v.BaseIssue<unknown>, language: Language): string {
  const requirement = (issue as { requirement?: unknown }).requirement;
  const isList = Array.isArray(issue.input);
  switch (issue.type) {
    case 'string':
      return issue.input === undefined
        ? message('required', language)
        : issue.input === null
          ? message('mayNotBeNull', language)
          : message('notAString', language);
    case 'number':
    case 'integer':
      if (issue.input === undefined) return message('required', language);
      return message(issue.type === 'integer' ? 'notAnInteger' : 'notANumber', language);
    case 'boolean':
      return issue.input === undefined ? message('required', language) : message('notABoolean', language);
    case 'array':
      return issue.input === undefined ? message('required', language) : message('notAList', language);
    case 'variant':
      // The discriminator's value is not one of the types (the body itself being a list is the object case).
      if (issue.input !== null && typeof issue.input !== 'object' && issue.input !== undefined) {
        return invalidChoice(issue.input, language);
      }
      if (issue.input === undefined) return message('required', language);
      return expectedDictionary(issue.input, language);
    case 'object':
    case 'loose_object':
    case 'strict_object':
      if (issue.input === undefined) return message('required', language);
      return expectedDictionary(issue.input, language);
    case 'min_length':
      if (isList) return minItems(requirement as number, language);
      return requirement === 1 ? message('blank', language) : minLength(requirement as number, language);
    case 'max_length':
      return isList ? maxItems(requirement as number, language) : maxLength(requirement as number, language);
    case 'min_value':
      return minValue(requirement as number, language);
    case 'max_value':
      return maxValue(requirement as number, language);
    case 'picklist':
    case 'literal':
      return issue.input === undefined ? message('required', language) : invalidChoice(issue.input, language);
    case 'check':
      if (issue.message === NULL_CHARACTERS) return message('nullCharacters', language);
      if (issue.message === SURROGATE_CHARACTERS) return message('surrogateCharacters', language);
      return namedMessage(issue.message, language);
    case 'regex':
      return namedMessage(issue.message, language);
    case 'iso_date':
      return language === 'ru'
        ? 'Неправильный формат date. Используйте один из этих форматов: YYYY-MM-DD.'
        : 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';
    default:
      return message('invalid', language);
  }
}

/** Puts `text` at `path` in the tree, making objects for keys and lists (holey, filled with `{}`) for indices. */
function place(tree: Record<string, unknown>, path: readonly (string | number)[], text: string): void {
  let node: Record<string, unknown> | unknown[] = tree;
  for (const [index, key] of path.entries()) {
    const last = index === path.length - 1;
    const nextIsIndex = typeof path[index + 1] === 'number';
    const container = node as Record<string | number, unknown>;
    if (last) {
      const existing = container[key];
      if (Array.isArray(existing) && existing.every((item) => typeof item === 'string')) existing.push(text);
      else if (existing === undefined || (typeof existing === 'object' && Object.keys(existing ?? {}).length === 0)) {
        container[key] = [text];
      }
      return;
    }
    let child = container[key];
    if (child === undefined || (Array.isArray(child) && child.every((item) => typeof item === 'string'))) {
      child = nextIsIndex ? [] : {};
      container[key] = child;
    }
    if (Array.isArray(child) && typeof path[index + 1] === 'number') {
      const wanted = path[index + 1] as number;
      for (let i = 0; i <= wanted; i += 1) if (child[i] === undefined) child[i] = {};
    }
    node = child as Record<string, unknown> | unknown[];
  }
}

/** The issues as DRF's nested error body; issues about the whole body go to `non_field_errors`. */
export function errorBody(issues: readonly v.BaseIssue<unknown>[], language: Language): ErrorTree {
  const tree: Record<string, unknown> = {};
  for (const issue of issues) {
    const path = (issue.path ?? []).map((item) => item.key as string | number);
    place(tree, path.length > 0 ? path : ['non_field_errors'], issueMessage(issue, language));
  }
  return tree;
}

/**
 * The body parsed by `schema`, or a 400 with every problem at once. A body that is not an object is refused the
 * way DRF refuses it.
 */
export function parseBody<S extends v.GenericSchema>(schema: S, raw: unknown, language: Language): v.InferOutput<S> {
  // No body at all is an empty form: every required field reports itself.
  const body = raw === undefined ? {} : raw;
  if (body === null || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) {
    const text = body === null ? message('mayNotBeNull', language) : expectedDictionary(body, language);
    throw new HttpError(400, { non_field_errors: [text] });
  }
  const result = v.safeParse(schema, body, { abortPipeEarly: true });
  if (!result.success) throw new HttpError(400, errorBody(result.issues, language));
  return result.output;
}

/** Adds one field's message to a 400 (a unique slug taken, say), found after the schema passed. */
export function fieldError(field: string, text: string): HttpError {
  return new HttpError(400, { [field]: [text] });
}
