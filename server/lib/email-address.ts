/**
 * The one canonical form of an e-mail address: what is stored in `users.email`, looked up, keyed by the rate
 * limiter and written on the envelope of every mail. Two spellings that reach the same mailbox (case, full-width or
 * other compatibility characters, an internationalised domain in Unicode or in punycode) have the same form, so a
 * look-alike can neither register a second account nor get a fresh rate-limit budget.
 *
 *   - the whole address in Unicode NFKC (`ｕｓｅｒ` → `user`, `ﬁ` → `fi`);
 *   - the local part lower-cased once (`String.prototype.toLowerCase`, the same everywhere);
 *   - the domain through IDNA (UTS #46, `node:url` `domainToASCII`): lower-case ASCII, punycode for non-ASCII
 *     labels (`Пример.РФ` → `xn--e1afmkfd.xn--p1ai`).
 *
 * Idempotent: `canonicalEmail(canonicalEmail(x)) === canonicalEmail(x)`. Callers validate the address first (the
 * contract's `isEmail`); a domain IDNA refuses is kept lower-cased rather than dropped.
 */
import { domainToASCII } from 'node:url';

export function canonicalEmail(address: string): string {
  const text = address.trim().normalize('NFKC');
  const at = text.lastIndexOf('@');
  if (at < 0) return text.toLowerCase();
  const local = text.slice(0, at).toLowerCase().normalize('NFKC');
  const domain = text.slice(at + 1);
  const ascii = domainToASCII(domain);
  return `${local}@${ascii === '' ? domain.toLowerCase() : ascii}`;
}
