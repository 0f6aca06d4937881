/**
 * A DRF-style error body: `{"detail": "..."}`, `{"field": ["msg"]}`, `{"non_field_errors": [...]}`, nested objects
 * for nested serializers (`{"address": {"city": ["..."]}}`) and lists for list fields.
 */
export type ErrorBody = string | readonly ErrorBody[] | { readonly [key: string]: ErrorBody };

/**
 * The panel's API wants a second factor confirmed again before money moves (step-up, issue #48): 403 with this body;
 * `POST /api/users/step-up/` confirms one.
 */
export const STEP_UP_REQUIRED = 'step_up_required';
export interface StepUpRequired {
  readonly detail: string;
  readonly code: typeof STEP_UP_REQUIRED;
  readonly methods: readonly ('totp' | 'recovery_code' | 'passkey')[];
}

/** Field errors flattened to dotted paths (`address.city`, `items.0.name`) so forms can attach them by name. */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

function collect(body: unknown, path: string, into: Record<string, string[]>): void {
  if (typeof body === 'string') {
    (into[path] ??= []).push(body);
  } else if (Array.isArray(body)) {
    body.forEach((item, index) => {
      // A list of strings is the messages of one field; a list of objects is a list field with per-item errors.
      collect(item, typeof item === 'string' ? path : path ? `${path}.${index}` : String(index), into);
    });
  } else if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) collect(value, path ? `${path}.${key}` : key, into);
  }
}

/** A non-2xx answer of the API, with the DRF body decoded into what the UI shows. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** Messages per field path; `detail` and `non_field_errors` are kept under their own names. */
  readonly fieldErrors: FieldErrors;

  constructor(status: number, body: unknown) {
    const fieldErrors: Record<string, string[]> = {};
    // Only a DRF body (an object, or a list at the top) carries messages; text, such as a proxy's HTML error page,
    // is nothing to show a user.
    if (typeof body === 'object' && body !== null) collect(body, '', fieldErrors);
    const messages = Object.values(fieldErrors).flat();
    super(messages.length > 0 ? messages.join(', ') : `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.fieldErrors = fieldErrors;
  }

  /** Every message, in body order: what the error toast shows joined by ', ' (spec §5, §8). */
  get messages(): string[] {
    return Object.values(this.fieldErrors).flat();
  }

  /** The `detail` message of a view-level error, if the body has one. */
  get detail(): string | undefined {
    return this.fieldErrors.detail?.[0];
  }
}

/** The request never produced an HTTP answer (offline, DNS, aborted). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}
