import * as v from 'valibot';
import { ASSET_INFO, CRYPTO_ASSETS, DECIMAL, type CryptoAsset } from '../assets.ts';
import { CURRENCIES } from '../money.ts';
import { BlockImageSchema } from './blocks.ts';
import { html, requiredText, rowId, text } from './fields.ts';
import { DATE, defineList, type ListParams } from './list-query.ts';

/**
 * Money (docs/product.md "Money", "Payment methods", "Promo codes"): a balance that only a ledger entry changes,
 * top-ups as invoices paid through a payment method, and promo codes the order page applies. Every amount is an
 * integer in minor units (kopecks, cents) of the site's one currency; the client formats it per language.
 */

/** The largest amount anything may be: 1 000 000 000.00 — far above a top-up, far below a float's exact range. */
export const MAX_AMOUNT = 100_000_000_000;
const amount = (min: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(MAX_AMOUNT));

const currency = v.picklist(CURRENCIES);
/** An uploaded icon as the API answers it (written as the contract's `BlockImageSchema`). */
const IconSchema = v.object({ id: v.number(), width: v.number(), height: v.number(), alt: v.string() });

/** A timestamp as the API writes it (ISO 8601). */
const timestamp = v.string();

// ---------------------------------------------------------------------------------------------------------------
// Ledger

/** Why a balance changed; `transfer` entries have amount 0 (a proxy changed hands, recorded in both histories). */
export const LEDGER_KINDS = ['topup', 'purchase', 'renewal', 'refund', 'adjustment', 'transfer'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** One line of a customer's history: the signed amount and the balance right after it. */
export const LedgerEntrySchema = v.object({
  id: v.number(),
  kind: v.picklist(LEDGER_KINDS),
  amount: v.number(),
  currency,
  balance_after: v.number(),
  /** What it is for: `invoice:12`, `order:7`. */
  reference: v.string(),
  /** A staff adjustment's reason (shown to the customer too). */
  reason: v.string(),
  created_at: timestamp,
});
export type LedgerEntry = v.InferOutput<typeof LedgerEntrySchema>;

export const LEDGER_LIST = defineList({
  orderings: ['created_at', 'amount'],
  filters: { kind: { type: 'list', choices: LEDGER_KINDS }, created: { type: 'date_range' } },
});
export type LedgerListParams = ListParams<typeof LEDGER_LIST>;

/** The signed-in customer's balance (also in `GET /api/users/`, which the header reads). */
export const BalanceSchema = v.object({ balance: v.number(), currency });
export type Balance = v.InferOutput<typeof BalanceSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Payment methods

export const PAYMENT_KINDS = ['crypto', 'fiat'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * How a method is paid: `manual` shows instructions, an address and its QR code, and staff confirm the payment;
 * `btcpay` is a self-hosted BTCPay Server (Greenfield API) and `nowpayments` the hosted NOWPayments gateway: the
 * customer pays on the gateway's checkout page and its signed webhook (NOWPayments: IPN) credits the balance.
 */
export const PAYMENT_PROVIDERS = ['manual', 'btcpay', 'nowpayments'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** The codes the spec's icons suggest; staff may use others of the same shape. */
export const PAYMENT_METHOD_CODES = ['btc', 'eth', 'ltc', 'trx', 'zec', 'usdt', 'usdt_trc20', 'card', 'sbp'] as const;
export const PAYMENT_METHOD_CODE = /^[a-z0-9][a-z0-9_]{0,29}$/;

/** Fees are percents with at most two decimals (2.5 %), stored as basis points; never applied to a float amount. */
export const MAX_FEE_PERCENT = 50;

/** The provider's settings that may be shown back; which ones a provider needs the server checks on save. */
export const PaymentSettingsSchema = v.object({
  /** manual: a wallet address or payment details, shown with its QR code. */
  address: v.optional(text(500), ''),
  /** The gateway's base URL: btcpay `https://pay.example.com`, nowpayments `https://api.nowpayments.io`. */
  server_url: v.optional(
    v.union([v.literal(''), v.pipe(text(300), v.url(), v.regex(/^https?:\/\//, 'url_scheme'))]),
    '',
  ),
  /** btcpay: the store's id. */
  store_id: v.optional(text(100), ''),
});
export type PaymentSettings = v.InferOutput<typeof PaymentSettingsSchema>;

/** The secrets a provider needs: written, never read back (the API answers only whether each is set). */
export const PAYMENT_SECRETS = ['api_key', 'webhook_secret'] as const;
export type PaymentSecret = (typeof PAYMENT_SECRETS)[number];

/**
 * Where a crypto method's rate comes from: `staff` type it in the panel (who and when is recorded), `provider` is an
 * HTTPS JSON endpoint (an exchange's ticker) the `payments.rates` job reads every minute, the price found at
 * `rate_path` (dot-separated keys, numbers index arrays: `data.0.price`).
 */
export const RATE_SOURCES = ['staff', 'provider'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/** The longest a staff member may let a rate stand: a year, in minutes. */
export const MAX_RATE_AGE_MINUTES = 525_600;

/** A rate: site-currency major units for one unit of the asset ('95.37' ₽ per USDT), a positive decimal. */
const rate = v.pipe(
  v.string(),
  v.trim(),
  v.regex(DECIMAL, 'decimal'),
  v.check((value) => /[1-9]/.test(value), 'decimal'),
);

/** A secret left out (or sent empty) keeps the stored one; `null` removes it. */
const secret = v.optional(v.nullable(text(300)));

export const PaymentMethodInputSchema = v.object({
  code: v.pipe(text(30), v.toLowerCase(), v.regex(PAYMENT_METHOD_CODE)),
  name_ru: requiredText(100),
  name_en: v.optional(text(100), ''),
  icon: v.optional(v.nullable(BlockImageSchema), null),
  kind: v.picklist(PAYMENT_KINDS),
  provider: v.picklist(PAYMENT_PROVIDERS),
  settings: v.optional(PaymentSettingsSchema, {}),
  secrets: v.optional(v.object({ api_key: secret, webhook_secret: secret }), {}),
  /** The smallest top-up through this method, in minor units. */
  min_amount: v.optional(amount(0), 0),
  /** The largest; null: MAX_AMOUNT. */
  max_amount: v.optional(v.nullable(amount(1)), null),
  /** What the customer sends (manual methods): null is the site currency; a crypto asset is priced at the rate. */
  asset: v.optional(v.nullable(v.picklist(CRYPTO_ASSETS)), null),
  /** Decimals of the asset amount an invoice asks for (at most the chain's); left out: the asset's default. */
  asset_decimals: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(18))),
  rate_source: v.optional(v.picklist(RATE_SOURCES), 'staff'),
  /** staff: the rate as typed (saving another value records who and when). */
  rate: v.optional(v.nullable(rate)),
  /**
   * Sent with a rate further from the current one than the server's band (×2 either way, `RATE_BAND`): staff checked
   * it. Without it such a change is refused on `rate` (a slipped digit would price every top-up wrong).
   */
  confirm_rate: v.optional(v.boolean()),
  rate_url: v.optional(v.union([v.literal(''), v.pipe(text(500), v.url(), v.regex(/^https?:\/\//, 'url_scheme'))]), ''),
  rate_path: v.optional(text(200), ''),
  /** A rate older than this makes the method unavailable: never an invoice at a stale price. */
  rate_max_age_minutes: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_RATE_AGE_MINUTES)),
    1440,
  ),
  fee_percent: v.optional(
    v.pipe(
      v.number(),
      v.minValue(0),
      v.maxValue(MAX_FEE_PERCENT),
      v.check((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, 'two_decimals'),
    ),
    0,
  ),
  /** Rich text the customer sees with a manual method (sanitized by the server). */
  instructions_ru: v.optional(html(20_000), ''),
  instructions_en: v.optional(html(20_000), ''),
  active: v.optional(v.boolean(), true),
});
export type PaymentMethodInput = v.InferOutput<typeof PaymentMethodInputSchema>;

export const PanelPaymentMethodSchema = v.object({
  id: v.number(),
  code: v.string(),
  name_ru: v.string(),
  name_en: v.string(),
  icon: v.nullable(IconSchema),
  kind: v.picklist(PAYMENT_KINDS),
  provider: v.picklist(PAYMENT_PROVIDERS),
  settings: v.object({ address: v.string(), server_url: v.string(), store_id: v.string() }),
  /** Whether each secret is stored; the values never leave the server. */
  secrets_set: v.object({ api_key: v.boolean(), webhook_secret: v.boolean() }),
  /** Where the gateway must send its webhooks (an absolute URL; empty for `manual`). */
  webhook_url: v.string(),
  min_amount: v.number(),
  max_amount: v.nullable(v.number()),
  fee_percent: v.number(),
  asset: v.nullable(v.picklist(CRYPTO_ASSETS)),
  asset_decimals: v.number(),
  rate_source: v.picklist(RATE_SOURCES),
  rate: v.nullable(v.string()),
  /** When the rate was set (staff) or last read (provider), and by whom (staff; null for the provider). */
  rate_at: v.nullable(timestamp),
  rate_set_by: v.nullable(v.object({ id: v.number(), email: v.string() })),
  rate_url: v.string(),
  rate_path: v.string(),
  rate_max_age_minutes: v.number(),
  /** Why the provider's last read failed ('' when it worked). */
  rate_error: v.string(),
  instructions_ru: v.string(),
  instructions_en: v.string(),
  active: v.boolean(),
  sort_order: v.number(),
  /** Invoices made through it: a method with invoices cannot be deleted, only switched off. */
  invoice_count: v.number(),
  updated_at: timestamp,
});
export type PanelPaymentMethod = v.InferOutput<typeof PanelPaymentMethodSchema>;

const AssetSchema = v.object({
  code: v.picklist(CRYPTO_ASSETS),
  /** 'USDT', 'BTC'. */
  symbol: v.string(),
  /** 'Tron (TRC-20)'. */
  network: v.string(),
  decimals: v.number(),
});

/** An asset as the API describes it. */
export function assetOf(code: CryptoAsset, decimals: number): v.InferOutput<typeof AssetSchema> {
  return { code, symbol: ASSET_INFO[code].symbol, network: ASSET_INFO[code].network, decimals };
}

/** Why a method cannot take a top-up now (its rate is missing or older than staff allow). */
export const UNAVAILABLE_REASONS = ['no_rate', 'stale_rate'] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

/** An active method as customers see it, in the request's language. */
export const PaymentMethodSchema = v.object({
  id: v.number(),
  code: v.string(),
  name: v.string(),
  icon: v.nullable(IconSchema),
  kind: v.picklist(PAYMENT_KINDS),
  provider: v.picklist(PAYMENT_PROVIDERS),
  min_amount: v.number(),
  /** The largest top-up (MAX_AMOUNT unless staff set less). */
  max_amount: v.number(),
  fee_percent: v.number(),
  currency,
  /** A crypto method: what the customer sends and at what rate (an estimate; the invoice locks its own). */
  asset: v.nullable(AssetSchema),
  rate: v.nullable(v.string()),
  rate_at: v.nullable(timestamp),
  /** null: the method takes top-ups; otherwise why not, and the dialog says so in `unavailable_reason`. */
  unavailable: v.nullable(v.picklist(UNAVAILABLE_REASONS)),
});
export type PaymentMethod = v.InferOutput<typeof PaymentMethodSchema>;

/** The fee on a top-up of `amount`, rounded up to a whole minor unit (the service never pays the rounding). */
export function feeOf(amountMinor: number, feePercent: number): number {
  const basisPoints = Math.round(feePercent * 100);
  return Math.ceil((amountMinor * basisPoints) / 10_000);
}

// ---------------------------------------------------------------------------------------------------------------
// Invoices

export const INVOICE_STATUSES = ['pending', 'paid', 'expired', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * `POST /api/invoices/` (with an `Idempotency-Key` header): top up the balance by `amount` through `method`. Any
 * number passes here: the service answers what is wrong with it by the one rule the dialog uses (`amountProblem`).
 */
export const InvoiceCreateSchema = v.object({ method: rowId(), amount: v.number() });
export type InvoiceCreate = v.InferOutput<typeof InvoiceCreateSchema>;

/** `PATCH /api/invoices/{id}/`: the customer's transaction reference for a manual payment (a hash, a receipt no.). */
export const InvoiceReferenceSchema = v.object({ customer_reference: text(200) });

const InvoiceMethodSchema = v.object({
  id: v.number(),
  code: v.string(),
  name: v.string(),
  icon: v.nullable(IconSchema),
  kind: v.picklist(PAYMENT_KINDS),
  provider: v.picklist(PAYMENT_PROVIDERS),
});

/** An invoice as its customer sees it, in the request's language. */
export const InvoiceSchema = v.object({
  id: v.number(),
  status: v.picklist(INVOICE_STATUSES),
  /** What the balance gets. */
  amount: v.number(),
  fee: v.number(),
  /** What the customer pays: amount + fee. */
  total: v.number(),
  currency,
  method: InvoiceMethodSchema,
  /** manual: the method's instructions (sanitized HTML), the address to pay to and its QR code as an SVG data URL. */
  instructions: v.string(),
  pay_address: v.string(),
  pay_qr: v.nullable(v.string()),
  /** What the QR code carries: the asset's wallet URI with the amount, or the plain address (see `walletUri`). */
  pay_uri: v.string(),
  /**
   * A crypto method: send exactly `amount` (a decimal string, rounded up per `decimals`, with the unique tail) of the
   * asset; the rate is locked at `locked_at` for the invoice's life (`expires_at`).
   */
  asset: v.nullable(
    v.object({
      ...AssetSchema.entries,
      amount: v.string(),
      rate: v.string(),
      rate_at: timestamp,
      locked_at: timestamp,
    }),
  ),
  /** btcpay: the gateway's checkout page. */
  checkout_url: v.nullable(v.string()),
  customer_reference: v.string(),
  /** Why staff cancelled it, or what the gateway said. */
  status_reason: v.string(),
  expires_at: timestamp,
  paid_at: v.nullable(timestamp),
  created_at: timestamp,
});
export type Invoice = v.InferOutput<typeof InvoiceSchema>;

export const INVOICE_LIST = defineList({
  orderings: ['created_at', 'amount'],
  filters: { status: { type: 'list', choices: INVOICE_STATUSES }, created: { type: 'date_range' } },
});
export type InvoiceListParams = ListParams<typeof INVOICE_LIST>;

/** An invoice in the panel: whose it is and who settled it. */
export const PanelInvoiceSchema = v.object({
  id: v.number(),
  user: v.object({ id: v.number(), email: v.string() }),
  status: v.picklist(INVOICE_STATUSES),
  amount: v.number(),
  fee: v.number(),
  total: v.number(),
  currency,
  method: v.object({
    id: v.number(),
    code: v.string(),
    name_ru: v.string(),
    name_en: v.string(),
    provider: v.picklist(PAYMENT_PROVIDERS),
  }),
  pay_address: v.string(),
  /** The asset amount expected (with its unique tail) and the rate it was locked at. */
  asset: v.nullable(v.object({ ...AssetSchema.entries, amount: v.string(), rate: v.string() })),
  /** What staff recorded when marking it paid: the asset amount that arrived and the transaction's id. */
  paid_asset_amount: v.nullable(v.string()),
  paid_txid: v.string(),
  provider_reference: v.string(),
  customer_reference: v.string(),
  status_reason: v.string(),
  /** The staff member who marked it paid or cancelled it. */
  actor: v.nullable(v.object({ id: v.number(), email: v.string() })),
  expires_at: timestamp,
  paid_at: v.nullable(timestamp),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PanelInvoice = v.InferOutput<typeof PanelInvoiceSchema>;

/**
 * The panel's invoice list: `?search=` an e-mail or an exact asset amount ('105.2301', '105,2301'), `?status=`, `?method=` and `?user=` row ids, `?created_after=`…
 * Method and user ids are checked as whole numbers (their names come from the methods list and the users section).
 */
export const PANEL_INVOICE_LIST = defineList({
  orderings: ['created_at', 'amount', 'status'],
  filters: {
    status: { type: 'list', choices: INVOICE_STATUSES },
    method: { type: 'ids' },
    user: { type: 'ids' },
    created: { type: 'date_range' },
  },
});
export type PanelInvoiceListParams = ListParams<typeof PANEL_INVOICE_LIST>;

/**
 * `POST /api/panel/invoices/{id}/paid/`: money arrived (a pending or an expired invoice); the reason is optional, and
 * so are the asset amount that arrived and the transaction's id, recorded with it.
 */
export const InvoicePaidSchema = v.object({
  reason: v.optional(text(500), ''),
  asset_amount: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.regex(DECIMAL, 'decimal'))]), ''),
  txid: v.optional(text(200), ''),
});
/** `POST /api/panel/invoices/{id}/cancel/`: a pending invoice will not be paid; say why (the customer sees it). */
export const InvoiceCancelSchema = v.object({ reason: requiredText(500) });

// ---------------------------------------------------------------------------------------------------------------
// Promo codes

export const PROMO_KINDS = ['percent', 'fixed'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];
/** Codes are stored upper-case; customers may type them in any case. */
export const PROMO_CODE = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

export const PromoCodeInputSchema = v.pipe(
  v.object({
    code: v.pipe(text(32), v.toUpperCase(), v.regex(PROMO_CODE)),
    kind: v.picklist(PROMO_KINDS),
    /** percent: 1–100; fixed: minor units off the total. */
    value: amount(1),
    /** `YYYY-MM-DD`, both ends inclusive (UTC); null: no bound. */
    valid_from: v.optional(v.nullable(v.pipe(v.string(), v.regex(DATE))), null),
    valid_until: v.optional(v.nullable(v.pipe(v.string(), v.regex(DATE))), null),
    /** Uses by everyone together; null: unlimited. */
    max_uses: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000_000))), null),
    once_per_customer: v.optional(v.boolean(), true),
    active: v.optional(v.boolean(), true),
  }),
  v.forward(
    v.check((promo) => promo.kind !== 'percent' || promo.value <= 100, 'percent_range'),
    ['value'],
  ),
  v.forward(
    v.check((promo) => !promo.valid_from || !promo.valid_until || promo.valid_from <= promo.valid_until, 'date_order'),
    ['valid_until'],
  ),
);
export type PromoCodeInput = v.InferOutput<typeof PromoCodeInputSchema>;

export const PanelPromoCodeSchema = v.object({
  id: v.number(),
  code: v.string(),
  kind: v.picklist(PROMO_KINDS),
  value: v.number(),
  valid_from: v.nullable(v.string()),
  valid_until: v.nullable(v.string()),
  max_uses: v.nullable(v.number()),
  once_per_customer: v.boolean(),
  active: v.boolean(),
  /** How many times it has been used. */
  uses: v.number(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PanelPromoCode = v.InferOutput<typeof PanelPromoCodeSchema>;

export const PROMO_LIST = defineList({
  orderings: ['code', 'created_at', 'uses'],
  filters: { active: { type: 'list', choices: ['true', 'false'] }, kind: { type: 'list', choices: PROMO_KINDS } },
});
export type PromoListParams = ListParams<typeof PROMO_LIST>;

/** The discount a promo code gives on `total` minor units: never more than the total. */
export function promoDiscount(promo: { readonly kind: PromoKind; readonly value: number }, total: number): number {
  const discount = promo.kind === 'percent' ? Math.floor((total * promo.value) / 100) : promo.value;
  return Math.min(discount, total);
}
