/** An error a route throws on purpose: its status and DRF body go to the client as they are. */
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
