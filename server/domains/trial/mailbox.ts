/**
 * The mailbox an address reaches, for the free trial's once-per-person rule (#29, #43): the canonical e-mail
 * (`lib/email-address.ts`: case, NFKC, IDNA) with the spellings mail providers deliver to the same inbox folded too,
 * so `John.Smith+trial2@gmail.com` and `johnsmith@googlemail.com` are one trial, and so are `olga@ya.ru`,
 * `olga@yandex.com` and `olga@yandex.ru`. Accounts keep their address as registered (a `+tag` is a real, separate
 * login); only the trial's ledger of who had one uses this key.
 *
 *   - a `+tag` is dropped for every domain (Gmail, Outlook, Yandex, Fastmail, iCloud and most hosts deliver
 *     `user+anything` to `user`; a host that does not only loses a few trials to its users, never gives extra ones);
 *   - Gmail ignores dots in the local part, and `googlemail.com` is the same service;
 *   - a Yandex account receives mail at its login on every Yandex domain, and Yandex reads `.` and `-` in a login
 *     as the same character (`olga.k@ya.ru` reaches `olga-k@yandex.ru`): the domain folds to `yandex.ru` and a dot to
 *     the hyphen Yandex itself writes logins with.
 *
 * Migration 0140 re-folded the trials stored before the Yandex rule; a change of these rules needs the same.
 */
import { canonicalEmail } from '../../lib/email-address.ts';

const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/** The domains Yandex Mail delivers a login's mail at (narod.ru: the old Narod accounts are Yandex logins). */
const YANDEX = new Set([
  'yandex.ru',
  'ya.ru',
  'yandex.com',
  'yandex.by',
  'yandex.kz',
  'yandex.ua',
  'yandex.com.tr',
  'narod.ru',
]);

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
  } else if (YANDEX.has(domain)) {
    domain = 'yandex.ru';
    local = local.replaceAll('.', '-');
  }
  return `${local}@${domain}`;
}
