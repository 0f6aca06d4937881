/**
 * The mailbox an address reaches, for the free trial's once-per-person rule (#29): the canonical e-mail
 * (`lib/email-address.ts`: case, NFKC, IDNA) with the spellings mail providers deliver to the same inbox folded too,
 * so `John.Smith+trial2@gmail.com` and `johnsmith@googlemail.com` are one trial. Accounts keep their address as
 * registered (a `+tag` is a real, separate login); only the trial's ledger of who had one uses this key.
 *
 *   - a `+tag` is dropped for every domain (Gmail, Outlook, Yandex, Fastmail, iCloud and most hosts deliver
 *     `user+anything` to `user`; a host that does not only loses a few trials to its users, never gives extra ones);
 *   - Gmail ignores dots in the local part, and `googlemail.com` is the same service.
 */
import { canonicalEmail } from '../../lib/email-address.ts';

const GMAIL = new Set(['gmail.com', 'googlemail.com']);

export function mailboxOf(address: string): string {
  const canonical = canonicalEmail(address);
  const at = canonical.lastIndexOf('@');
  if (at < 0) return canonical;
  let local = canonical.slice(0, at);
  let domain = canonical.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) {
    domain = 'gmail.com';
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}
