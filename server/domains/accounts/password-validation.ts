/**
 * Django's four default password validators, in Django's order, every failure collected (docs/auth-api-contract.md):
 * similarity to the e-mail, minimum length 8, the ~20,000 common passwords, entirely numeric.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type AuthMessageKey, codePointLength, MIN_PASSWORD_LENGTH } from '@proxy/contract/schemas/auth';

const COMMON_PASSWORDS_FILE = path.join(import.meta.dirname, '../../data/common-passwords.txt.gz');

let commonPasswords: ReadonlySet<string> | undefined;

/** Django's list (see server/data/README.md), read once on first use: ~20k lower-case entries, ~1 MB in memory. */
export function loadCommonPasswords(): ReadonlySet<string> {
  commonPasswords ??= new Set(
    gunzipSync(readFileSync(COMMON_PASSWORDS_FILE))
      .toString('utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return commonPasswords;
}

/** Python's `difflib.SequenceMatcher.quick_ratio`: an upper bound of the similarity from shared characters. */
export function quickRatio(a: string, b: string): number {
  const aChars = [...a];
  const bChars = [...b];
  const total = aChars.length + bChars.length;
  if (total === 0) return 1;
  const available = new Map<string, number>();
  for (const c of bChars) available.set(c, (available.get(c) ?? 0) + 1);
  let matches = 0;
  for (const c of aChars) {
    const left = available.get(c) ?? 0;
    if (left > 0) {
      available.set(c, left - 1);
      matches++;
    }
  }
  return (2 * matches) / total;
}

const MAX_SIMILARITY = 0.7;

/** Django's `exceeds_maximum_length_ratio`: a far longer password cannot be similar, skip the comparison. */
function exceedsMaximumLengthRatio(password: string, value: string): boolean {
  const passwordLength = codePointLength(password);
  const valueLength = codePointLength(value);
  return passwordLength >= 10 * valueLength && valueLength < (MAX_SIMILARITY / 2) * passwordLength;
}

/**
 * Django's UserAttributeSimilarityValidator for the one attribute our users have: the e-mail, whole and split at
 * non-word characters (`jane.doe@example.com` → jane, doe, example, com and the whole address).
 */
export function isTooSimilar(password: string, email: string): boolean {
  const lower = password.toLowerCase();
  const value = email.toLowerCase();
  if (!value) return false;
  const parts = [...value.split(/[^\p{L}\p{N}_]+/u), value];
  return parts.some((part) => !exceedsMaximumLengthRatio(lower, part) && quickRatio(lower, part) >= MAX_SIMILARITY);
}

export type PasswordProblem = Extract<
  AuthMessageKey,
  'password_too_similar' | 'password_too_short' | 'password_too_common' | 'password_entirely_numeric'
>;

/** Python's `str.isdigit` for the characters a password holds: Unicode decimal digits. */
const ENTIRELY_DIGITS = /^\p{Nd}+$/u;

/**
 * Every validator's verdict, in Django's order; `[]` when the password is acceptable. `email` is the account's
 * address; without it (dj-rest-auth's field-level check at registration) the similarity check is skipped.
 */
export function passwordProblems(password: string, email?: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (email !== undefined && isTooSimilar(password, email)) problems.push('password_too_similar');
  if (codePointLength(password) < MIN_PASSWORD_LENGTH) problems.push('password_too_short');
  if (loadCommonPasswords().has(password.toLowerCase().trim())) problems.push('password_too_common');
  if (ENTIRELY_DIGITS.test(password)) problems.push('password_entirely_numeric');
  return problems;
}
