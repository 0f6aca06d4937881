/** Invoices as each side sees them: the customer in one language with how to pay, staff with whose and who settled. */
import type { Language } from '@proxy/contract/languages';
import type { Invoice, PanelInvoice } from '@proxy/contract/schemas/billing';
import QRCode from 'qrcode';
import type { InvoiceRow } from './invoices-repository.ts';
import type { StoredMethod } from './payment-methods-repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** The address as a QR code, an SVG data URL an <img> shows (no script can ride in it). */
async function qrOf(address: string): Promise<string> {
  const svg = await QRCode.toString(address, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
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
    pay_qr: withQr && payable && row.pay_address ? await qrOf(row.pay_address) : null,
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
