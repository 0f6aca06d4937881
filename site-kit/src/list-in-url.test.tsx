import { act, renderHook } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { defineList } from '@proxy/contract/schemas/list-query';
import { listSearch, useListInUrl } from './list-in-url.ts';
import { partProviders } from './test/harness.tsx';

const ORDERS = defineList({
  orderings: ['created_at'],
  filters: { status: { type: 'list', choices: ['paid', 'pending'] }, created: { type: 'date_range' } },
});

describe('a list in the URL', () => {
  it("replaces only the list's own keys, under its prefix", () => {
    const current = new URLSearchParams('page=4&orders_page=2&orders_status=paid&utm_source=mail');
    const next = listSearch(ORDERS, current, { filters: { created: { after: '2026-06-01' } } }, 'orders_');
    expect(next.toString()).toBe('page=4&utm_source=mail&orders_created_after=2026-06-01');
  });

  it('reads its query from the URL and writes a new one, keeping the rest', () => {
    const { result } = renderHook(() => ({ list: useListInUrl(ORDERS, 'orders_'), location: useLocation() }), {
      wrapper: partProviders({ url: '/user?page=3&orders_status=paid,nonsense&orders_page=2' }),
    });
    expect(result.current.list.params).toEqual({ page: 2, filters: { status: ['paid'] } });
    expect(result.current.list.hrefOf({ page: 5 })).toBe('?page=3&orders_page=5');
    act(() => result.current.list.update({ ordering: '-created_at', filters: { status: ['pending'] } }));
    expect(result.current.location.search).toBe('?page=3&orders_ordering=-created_at&orders_status=pending');
  });
});
