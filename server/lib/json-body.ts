/**
 * JSON request bodies, parsed with the reason kept: DRF answers `{"detail":"JSON parse error - <reason>"}`, and
 * Fastify's built-in parser throws the reason away.
 */

/** Deeper bodies are refused before parsing (docs/security.md: JSON nesting is bounded; deep nesting costs stack). */
export const MAX_JSON_DEPTH = 32;

export class JsonParseError extends Error {
  readonly statusCode = 400;
  constructor(reason: string) {
    super(`JSON parse error - ${reason}`);
    this.name = 'JsonParseError';
  }
}

function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) max = Math.max(max, ++depth);
    else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return max;
}

/**
 * `__proto__` and `constructor.prototype` keys are refused, as Fastify's default parser does: an object carrying
 * them turns into prototype pollution the moment some code merges it into another object.
 */
function rejectPoisonedKeys(this: unknown, key: string, value: unknown): unknown {
  if (key === '__proto__') throw new JsonParseError('Object contains forbidden prototype property');
  if (key === 'constructor' && value !== null && typeof value === 'object' && 'prototype' in value) {
    throw new JsonParseError('Object contains forbidden prototype property');
  }
  return value;
}

/** An empty body is an empty object, as DRF's request.data is for an empty JSON request. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {};
  if (nestingDepth(text) > MAX_JSON_DEPTH) throw new JsonParseError(`nesting deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text, rejectPoisonedKeys);
  } catch (error) {
    if (error instanceof JsonParseError) throw error;
    throw new JsonParseError(error instanceof Error ? error.message : String(error));
  }
}
