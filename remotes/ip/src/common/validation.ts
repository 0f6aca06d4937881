import * as v from 'valibot';
import { ProxyUpdateSchema, type ProxyUpdate } from '@proxy/contract/schemas/proxies';

/** Why a change the contract refuses is refused, in words a form shows (the keys of the `validation` texts). */
export type Problem =
  | 'ipOrCidr'
  | 'ipRangeTooWide'
  | 'ipRangeReserved'
  | 'tooManyEntries'
  | 'commentTooLong'
  | 'autoRotate'
  | 'invalidText';

/**
 * Checks a PATCH body with the contract's own ProxyUpdateSchema — the rules the server applies — and answers the
 * first problem per path (`whitelist.3`, `whitelist`, `comment`, `auto_rotate_minutes`). Nothing: it may be sent.
 */
export function problemsOf(changes: ProxyUpdate): Map<string, Problem> {
  const result = v.safeParse(ProxyUpdateSchema, changes);
  const problems = new Map<string, Problem>();
  if (result.success) return problems;
  for (const issue of result.issues) {
    const path = (issue.path ?? []).map((item) => String(item.key)).join('.');
    if (problems.has(path)) continue;
    problems.set(path, problemOf(path, issue));
  }
  return problems;
}

function problemOf(path: string, issue: v.BaseIssue<unknown>): Problem {
  if (issue.message === 'ip_or_cidr') return 'ipOrCidr';
  if (issue.message === 'ip_range_too_wide') return 'ipRangeTooWide';
  if (issue.message === 'ip_range_reserved') return 'ipRangeReserved';
  if (path === 'whitelist' && issue.type === 'max_length') return 'tooManyEntries';
  if (path === 'comment' && issue.type === 'max_length') return 'commentTooLong';
  if (path === 'auto_rotate_minutes') return 'autoRotate';
  return 'invalidText';
}
