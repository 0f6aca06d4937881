import type { DecimalProblem } from '@proxy/contract/money';
import type { KitT } from '../i18n/use-kit-t.ts';

/**
 * What is wrong with a typed number, in the kit's words (`decimals` when none are allowed says "a whole number").
 * Shared with the list's range filters, which read their bounds by the same rule.
 */
export function numberProblemText(t: KitT, problem: DecimalProblem, decimals: number): string {
  if (problem === 'decimals') return decimals === 0 ? t('number.whole') : t('number.decimals', { digits: decimals });
  return t(({ format: 'number.format', negative: 'number.negative', above_max: 'number.tooLarge' } as const)[problem]);
}
