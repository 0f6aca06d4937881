/**
 * An answer whose DRF body is built already, sent as it is: a request's validation (every problem of a body at once,
 * `parseBody`) and the plugins' own protocol answers (a 401 with `WWW-Authenticate`, a 429 with `Retry-After`). A
 * business rule saying no is a `Refusal` (refusal.ts), worded by the errors plugin.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly body: Readonly<Record<string, unknown>>;
  /** Sent with the error: `WWW-Authenticate` on 401, `Retry-After` on 429. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    statusCode: number,
    body: Readonly<Record<string, unknown>>,
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.body = body;
    this.headers = headers;
  }
}
