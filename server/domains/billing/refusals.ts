/** What the money domain refuses, with the status and field of each (the errors plugin words them). */
import { MESSAGES } from '../../lib/messages.ts';
import { defineRefusals } from '../../lib/refusal.ts';
import { BILLING_MESSAGES } from './messages.ts';

export const BILLING_REFUSALS = defineRefusals('billing', {
  /** Switched off, unknown, or a gateway without its settings. */
  methodUnavailable: { status: 400, field: 'method', message: BILLING_MESSAGES.methodUnavailable },
  belowMinAmount: { status: 400, field: 'amount', message: BILLING_MESSAGES.belowMinAmount },
  amountFormat: { status: 400, field: 'amount', message: BILLING_MESSAGES.amountFormat },
  amountNegative: { status: 400, field: 'amount', message: BILLING_MESSAGES.amountNegative },
  amountZero: { status: 400, field: 'amount', message: BILLING_MESSAGES.amountZero },
  amountDecimals: { status: 400, field: 'amount', message: BILLING_MESSAGES.amountDecimals },
  aboveMaxAmount: { status: 400, field: 'amount', message: BILLING_MESSAGES.aboveMaxAmount },
  noRate: { status: 400, field: 'method', message: BILLING_MESSAGES.noRate },
  staleRate: { status: 400, field: 'method', message: BILLING_MESSAGES.staleRate },
  /** Every unique tail near the amount is held at the address: by open invoices, or ones closed within the window. */
  amountsTaken: { status: 409, field: 'amount', message: BILLING_MESSAGES.amountsTaken },
  /** The account has as many open invoices as it may, in all or of the method (issue #43). */
  tooManyOpenInvoices: { status: 409, message: BILLING_MESSAGES.tooManyOpenInvoices },
  tooManyOpenInvoicesOfMethod: { status: 409, message: BILLING_MESSAGES.tooManyOpenInvoicesOfMethod },
  /** A method asking for more decimals than its asset's chain has. */
  assetDecimals: { status: 400, field: 'asset_decimals', message: BILLING_MESSAGES.assetDecimals },
  assetManualOnly: { status: 400, field: 'asset', message: BILLING_MESSAGES.assetManualOnly },
  /** A rate endpoint that is not a full URL, or names a user or password. */
  rateUrlInvalid: { status: 400, field: 'rate_url', message: BILLING_MESSAGES.rateUrlInvalid },
  /** A rate endpoint over plain HTTP in production (`rateUrlProblem`). */
  rateUrlScheme: { status: 400, field: 'rate_url', message: BILLING_MESSAGES.rateUrlScheme },
  /** A typed rate more than RATE_BAND from the current one, without `confirm_rate`. */
  rateJump: { status: 400, field: 'rate', message: BILLING_MESSAGES.rateJump },
  /** `payment_methods_amount_range`. */
  maxBelowMin: { status: 400, field: 'max_amount', message: BILLING_MESSAGES.maxBelowMin },
  /** A cancelled invoice marked paid, or a paid one marked paid by someone else a moment ago. */
  invoiceSettled: { status: 400, message: BILLING_MESSAGES.invoiceSettled },
  invoiceNotPending: { status: 400, message: BILLING_MESSAGES.invoiceNotPending },
  /** The ledger's overdraft (`users_balance_not_negative`); orders and staff word it their own way. */
  insufficientFunds: { status: 400, message: BILLING_MESSAGES.insufficientFunds },
  /** The gateway could not be reached or answered nonsense: retry later (a webhook's gateway delivers again). */
  gatewayUnavailable: { status: 503, message: BILLING_MESSAGES.gatewayUnavailable },
  methodCodeTaken: { status: 400, field: 'code', message: BILLING_MESSAGES.methodCodeTaken },
  methodHasInvoices: { status: 400, message: BILLING_MESSAGES.methodHasInvoices },
  promoCodeTaken: { status: 400, field: 'code', message: BILLING_MESSAGES.promoCodeTaken },
  promoHasUses: { status: 400, message: BILLING_MESSAGES.promoHasUses },
  /** A webhook whose HMAC does not match. */
  invalidSignature: { status: 403, message: BILLING_MESSAGES.invalidSignature },
  /** A webhook that is not one, or that names another method's invoice or store. */
  webhookRefused: { status: 400, message: MESSAGES.invalid },
});
