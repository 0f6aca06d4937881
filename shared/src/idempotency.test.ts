import { describe, expect, it } from 'vitest';
import { attemptFor, newIdempotencyKey } from './idempotency.ts';

describe('idempotency keys', () => {
  it('are 128 random bits in hex, a new one each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('stay the same for the same request and change with anything asked differently', () => {
    const first = attemptFor(null, { method: 1, amount: 500 });
    expect(attemptFor(first, { method: 1, amount: 500 })).toBe(first);
    const changed = attemptFor(first, { method: 1, amount: 600 });
    expect(changed.key).not.toBe(first.key);
    expect(attemptFor(changed, { method: 1, amount: 500 }).key).not.toBe(first.key);
  });
});
