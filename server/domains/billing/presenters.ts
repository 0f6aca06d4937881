/** Invoices as each side sees them: the customer in one language with how to pay, staff with whose and who settled. */
import { formatUnits, toUnits, walletUri } from '@proxy/contract/assets';
import type { Language } from '@proxy/contract/languages';
import { assetOf, type Invoice, type PanelInvoice } from '@proxy/contract/schemas/billing';
import QRCode from 'qrcode';
import type { InvoiceRow } from './invoices-repository.ts';
import type { StoredMethod } from './payment-methods-repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** The address (or wallet URI) as a QR code, an SVG data URL an <img> shows (no script can ride in it). */
async function qrOf(content: string): Promise<string> {
  const svg = await QRCode.toString(content, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** What the QR code carries: the asset's wallet URI with the exact amount, or the bare address. */
function payUri(row: InvoiceRow): string {
  if (!row.pay_address || !row.asset || row.asset_amount === null || row.asset_decimals === null) {
    return row.pay_address;
  }
  const units = toUnits(row.asset_amount, row.asset_decimals);
  return units === null ? row.pay_address : walletUri(row.asset, row.pay_address, units, row.asset_decimals);
}

/** A rate or an amount staff typed, as stored ('95.50', '104.71220'), written without trailing zeros. */
const trimmed = (amount: string) => (amount.includes('.') ? amount.replace(/\.?0+$/, '') : amount);

/** The invoice's asset amount with exactly its decimals ('104.7130'), as the customer must send it. */
function exactAmount(row: InvoiceRow): string {
  const units = row.asset_amount === null ? null : toUnits(row.asset_amount, row.asset_decimals ?? 0);
  return units === null ? (row.asset_amount ?? '') : formatUnits(units, row.asset_decimals ?? 0);
}

/** `withQr`: the detail view draws the QR code of a pending manual invoice; lists leave it out. */
export async function toInvoice(
  row: InvoiceRow,
  method: StoredMethod,
  language: Language,
  withQr = false,
): Promise<Invoice> {
  const english = language === 'en';
  const payable = row.status === 'pending' && row.provider === 'manual';
  const uri = payUri(row);
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    fee: row.fee,
    total: row.amount + row.fee,
    currency: row.currency,
    method: {
      id: method.id,
      code: method.code,
      name: (english && method.name_en) || method.name_ru,
      icon: method.icon,
      kind: method.kind,
      provider: method.provider,
    },
    instructions: row.provider === 'manual' ? (english && method.instructions_en) || method.instructions_ru : '',
    pay_address: row.pay_address,
    pay_qr: withQr && payable && uri ? await qrOf(uri) : null,
    pay_uri: uri,
    asset:
      row.asset && row.asset_amount && row.asset_rate && row.asset_rate_at
        ? {
            ...assetOf(row.asset, row.asset_decimals ?? 0),
            amount: exactAmount(row),
            rate: trimmed(row.asset_rate),
            rate_at: iso(row.asset_rate_at),
            locked_at: iso(row.created_at),
          }
        : null,
    checkout_url: row.status === 'pending' ? row.checkout_url : null,
    customer_reference: row.customer_reference,
    status_reason: row.status_reason,
    expires_at: iso(row.expires_at),
    paid_at: isoOrNull(row.paid_at),
    created_at: iso(row.created_at),
  };
}

export function toPanelInvoice(row: InvoiceRow, method: StoredMethod | undefined): PanelInvoice {
  return {
    id: row.id,
    user: { id: row.user_id, email: row.user_email },
    status: row.status,
    amount: row.amount,
    fee: row.fee,
    total: row.amount + row.fee,
    currency: row.currency,
    method: {
      id: row.method_id,
      code: method?.code ?? '',
      name_ru: method?.name_ru ?? '',
      name_en: method?.name_en ?? '',
      provider: row.provider,
    },
    pay_address: row.pay_address,
    asset:
      row.asset && row.asset_amount && row.asset_rate
        ? {
            ...assetOf(row.asset, row.asset_decimals ?? 0),
            amount: exactAmount(row),
            rate: trimmed(row.asset_rate),
          }
        : null,
    paid_asset_amount: row.paid_asset_amount === null ? null : trimmed(row.paid_asset_amount),
    paid_txid: row.paid_txid,
    provider_reference: row.provider_reference,
    customer_reference: row.customer_reference,
    status_reason: row.status_reason,
    actor: row.actor_id === null ? null : { id: row.actor_id, email: row.actor_email ?? '' },
    expires_at: iso(row.expires_at),
    paid_at: isoOrNull(row.paid_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
