/**
 * A business refusal: a rule said no to a request, and nothing was written (a refusal thrown inside a transaction
 * rolls it back). Every domain refuses in this one shape — a code, the HTTP status, the field it is about (none: the
 * request as a whole) and the message in every language — and the errors plugin answers every refusal the same way,
 * in the request's language, as DRF would (docs/auth-api-contract.md): `{"<field>": ["<message>"]}` or
 * `{"detail": "<message>"}`. Routes throw refusals (or let a service's pass through); they never build the body.
 *
 * A domain declares its refusals once, in its `refusals.ts`, with `defineRefusals`: each becomes a function that makes
 * the error (`throw BILLING_REFUSALS.invoiceSettled()`), taking the parameters its message is worded from when the
 * message has numbers in it (`ORDER_REFUSALS.outOfStock({ free: 1 })`), and, last, the usual `{ cause }`.
 */
import type { Language } from '@proxy/contract/languages';
import { MESSAGES, type Template, type Text, unsupportedMediaType } from './messages.ts';

export interface RefusalSpec {
  readonly status: number;
  /** The field the message belongs to (`non_field_errors` for the object as a whole); none: `{"detail": ...}`. */
  readonly field?: string;
  /** From the domain's typed messages (`BILLING_MESSAGES.invoiceSettled`): a wrong key does not compile. */
  readonly message: Text | Template<never>;
  /** Sent with the answer: `Retry-After` of a busy service, `WWW-Authenticate` of a 401. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** What makes a refusal of one kind: its message's parameters, if it has any, then the error's options. */
type RefusalArgs<M> = M extends (params: infer P) => Text
  ? [params: P, options?: ErrorOptions]
  : [options?: ErrorOptions];

/** One kind of refusal: call it to make the error. */
export interface RefusalKind<A extends unknown[] = never[]> {
  (...args: A): Refusal;
  /** `<domain>.<name>`: for logs and tests; never on the wire. */
  readonly code: string;
  readonly status: number;
  readonly field: string | null;
  readonly headers: Readonly<Record<string, string>>;
}

type KindShape = Pick<RefusalKind, 'code' | 'status' | 'field' | 'headers'>;

export class Refusal extends Error {
  readonly code: string;
  readonly status: number;
  readonly field: string | null;
  readonly headers: Readonly<Record<string, string>>;
  /** The message in every language, its parameters already worded in. */
  readonly text: Text;

  constructor(kind: KindShape, text: Text, options?: ErrorOptions) {
    super(`${kind.code}: ${text.en}`, options);
    this.name = 'Refusal';
    this.code = kind.code;
    this.status = kind.status;
    this.field = kind.field;
    this.headers = kind.headers;
    this.text = text;
  }

  /** The answer's body in `language`, in DRF's shape. */
  body(language: Language): Readonly<Record<string, unknown>> {
    const text = this.text[language];
    return this.field === null ? { detail: text } : { [this.field]: [text] };
  }

  /** Whether `error` is a refusal of `kind` (a domain re-words another's: an overdraft is a 402 to an order). */
  static is(error: unknown, kind: KindShape): error is Refusal {
    return error instanceof Refusal && error.code === kind.code;
  }
}

/** A domain's refusals, each named once: `defineRefusals('billing', { invoiceSettled: { status: 400, ... } })`. */
export function defineRefusals<const T extends Readonly<Record<string, RefusalSpec>>>(
  domain: string,
  specs: T,
): { readonly [K in keyof T]: RefusalKind<RefusalArgs<T[K]['message']>> } {
  const kinds = Object.entries(specs).map(([name, spec]) => {
    const shape: KindShape = {
      code: `${domain}.${name}`,
      status: spec.status,
      field: spec.field ?? null,
      headers: spec.headers ?? {},
    };
    const { message } = spec;
    const make = (...args: unknown[]): Refusal =>
      typeof message === 'function'
        ? new Refusal(shape, (message as Template<unknown>)(args[0]), args[1] as ErrorOptions | undefined)
        : new Refusal(shape, message, args[0] as ErrorOptions | undefined);
    return [name, Object.assign(make, shape)] as const;
  });
  return Object.fromEntries(kinds) as never;
}

/** Refusals any route may give, in DRF's generic words. */
export const COMMON_REFUSALS = defineRefusals('common', {
  notFound: { status: 404, message: MESSAGES.notFound },
  // DRF's paginator: a page past the end (or not a number) is a 404.
  invalidPage: { status: 404, message: MESSAGES.invalidPage },
  permissionDenied: { status: 403, message: MESSAGES.permissionDenied },
  unsupportedMediaType: {
    status: 415,
    message: ({ mediaType }: { mediaType: string }) => ({
      en: unsupportedMediaType(mediaType, 'en'),
      ru: unsupportedMediaType(mediaType, 'ru'),
    }),
  },
  // A body the route reads itself (multipart): one that does not parse, or that passes the route's limits.
  malformedBody: { status: 400, message: MESSAGES.malformed },
  bodyTooLarge: { status: 413, message: MESSAGES.bodyTooLarge },
  // A panel list reordered with ids that are not exactly its items.
  badReorder: { status: 400, field: 'ids', message: MESSAGES.badReorder },
});
