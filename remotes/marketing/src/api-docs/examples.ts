/**
 * The ready-to-paste examples of one operation, made from the document: a `curl` command and a Python script with
 * `requests`. Path parameters get an example value, required query parameters too, a paying request its
 * `Idempotency-Key`, and a body its example JSON; the key is the placeholder `mpk_…` the reader replaces.
 */
import { bodySchemaOf, exampleOf, type DocOperation, type OpenApiDocument } from './openapi-doc.ts';

export const KEY_PLACEHOLDER = 'mpk_…';

interface Request {
  readonly url: string;
  readonly query: readonly (readonly [string, string])[];
  readonly idempotent: boolean;
  readonly body: unknown;
}

function requestOf(document: OpenApiDocument, { operation, path }: DocOperation): Request {
  const base = document.servers[0]?.url ?? '/api/v1';
  const parameters = operation.parameters ?? [];
  let url = path;
  for (const parameter of parameters.filter((p) => p.in === 'path')) {
    url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(exampleOf(document, parameter.schema))));
  }
  const query = parameters
    .filter((parameter) => parameter.in === 'query' && parameter.required)
    .map((parameter) => [parameter.name, String(exampleOf(document, parameter.schema))] as const);
  const schema = bodySchemaOf(operation);
  return {
    url: `${base}${url}`,
    query,
    idempotent: parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key'),
    body: schema ? exampleOf(document, schema) : undefined,
  };
}

/** Single quotes for a POSIX shell: `'` closes, an escaped quote, opens again. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function curlExample(document: OpenApiDocument, operation: DocOperation): string {
  const request = requestOf(document, operation);
  const search = new URLSearchParams(request.query.map(([name, value]) => [name, value])).toString();
  const lines = [
    `curl -X ${operation.method} ${shellQuote(request.url + (search ? `?${search}` : ''))}`,
    `  -H ${shellQuote(`Authorization: Bearer ${KEY_PLACEHOLDER}`)}`,
  ];
  // A fresh key per request: sent again (a retry after a lost answer), the same key answers the first result.
  if (request.idempotent) lines.push(`  -H "Idempotency-Key: $(uuidgen)"`);
  if (request.body !== undefined) {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  -d ${shellQuote(JSON.stringify(request.body))}`);
  }
  return lines.join(' \\\n');
}

/** A Python literal of a JSON value (`True`, `None`, quoted keys). */
function pythonValue(value: unknown, indent: string): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${pythonValue(item, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonValue(item, inner)},`).join('\n')}\n${indent}}`;
}

export function pythonExample(document: OpenApiDocument, operation: DocOperation): string {
  const request = requestOf(document, operation);
  const headers = [`"Authorization": "Bearer ${KEY_PLACEHOLDER}"`];
  if (request.idempotent) headers.push('"Idempotency-Key": str(uuid.uuid4())');
  const args = [`    ${JSON.stringify(request.url)},`, `    headers={${headers.join(', ')}},`];
  if (request.query.length > 0) {
    args.push(`    params=${pythonValue(Object.fromEntries(request.query), '    ')},`);
  }
  if (request.body !== undefined) args.push(`    json=${pythonValue(request.body, '    ')},`);
  // A rotation or a reboot waits for the modem: a minute is the answer's longest wait, with room.
  args.push('    timeout=90,');
  return [
    ...(request.idempotent ? ['import uuid', ''] : []),
    'import requests',
    '',
    `response = requests.${operation.method.toLowerCase()}(`,
    ...args,
    ')',
    'print(response.status_code, response.json())',
  ].join('\n');
}
