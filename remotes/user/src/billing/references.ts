/** What a ledger entry's reference points at (`invoice:12`, `order:7`), or null for anything else. */
export function parseReference(reference: string): { kind: 'invoice' | 'order'; id: number } | null {
  const match = /^(invoice|order):([1-9]\d{0,9})$/.exec(reference);
  return match ? { kind: match[1] as 'invoice' | 'order', id: Number(match[2]) } : null;
}

/** A positive whole number from the URL (`?invoice=12`, the gateway's return), or undefined. */
export function idOf(raw: string | null): number | undefined {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}
