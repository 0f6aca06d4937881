import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { defineList, listQueryOf, listQuerySchema, readListParams, type ListParams } from './list-query.ts';

const ORDERS = defineList({
  orderings: ['created', 'total'],
  filters: {
    status: { type: 'list', choices: ['active', 'expired', 'new.one'] },
    balance: { type: 'range' },
    date_joined: { type: 'date_range' },
  },
});

describe('a list query (DRF + django-filter conventions)', () => {
  it('reads back what it serializes, through a URL too', () => {
    const params: ListParams<typeof ORDERS> = {
      search: 'ivan petrov',
      ordering: '-total',
      page: 3,
      page_size: 50,
      filters: {
        status: ['active', 'new.one'],
        balance: { min: -500, max: 100_000 },
        date_joined: { after: '2026-01-01', before: '2026-12-31' },
      },
    };
    const query = listQueryOf(ORDERS, params);
    expect(query).toEqual({
      search: 'ivan petrov',
      ordering: '-total',
      page: '3',
      page_size: '50',
      status: 'active,new.one',
      balance_min: '-500',
      balance_max: '100000',
      date_joined_after: '2026-01-01',
      date_joined_before: '2026-12-31',
    });
    expect(readListParams(ORDERS, query)).toEqual(params);
    expect(readListParams(ORDERS, new URLSearchParams(new URLSearchParams(query).toString()))).toEqual(params);
  });

  it('leaves out what is absent, one end of a range included', () => {
    const params: ListParams<typeof ORDERS> = { filters: { balance: { min: 0 } } };
    expect(listQueryOf(ORDERS, params)).toEqual({ balance_min: '0' });
    expect(readListParams(ORDERS, { balance_min: '0' })).toEqual(params);
    expect(readListParams(ORDERS, {})).toEqual({});
  });

  it('drops values outside the grammar on read instead of refusing the list', () => {
    const read = readListParams(
      ORDERS,
      new URLSearchParams({
        search: '   ',
        ordering: '-email',
        page: '0',
        page_size: 'ten',
        status: 'active,paused,active',
        balance_min: '1.5',
        balance_max: '12',
        date_joined_after: '2026-13-01',
        date_joined_before: 'yesterday',
      }),
    );
    expect(read).toEqual({ filters: { status: ['active'], balance: { max: 12 } } });
    expect(readListParams(ORDERS, { status: 'paused', page: '-2', ordering: 'total' })).toEqual({ ordering: 'total' });
  });

  it('has a raw schema (all strings) that refuses values outside the grammar', () => {
    const schema = listQuerySchema(ORDERS);
    const valid = {
      search: 'x',
      ordering: 'created',
      page: 'last',
      page_size: 'anything',
      status: 'expired,new.one',
      balance_min: '-3',
      balance_max: '999999999999999',
      date_joined_after: '2026-02-28',
      date_joined_before: '2026-03-01',
    };
    expect(v.parse(schema, valid)).toEqual(valid);
    expect(v.is(schema, {})).toBe(true);
    const refused = [
      { ordering: 'email' },
      { ordering: '--total' },
      { status: 'paused' },
      { status: 'active,' },
      { status: 'newXone' },
      { balance_min: '1.5' },
      { balance_max: '1e3' },
      { balance_max: '9999999999999999' },
      { date_joined_after: '2026-1-1' },
      { date_joined_before: '2026-02-32' },
      { search: 'x'.repeat(201) },
    ];
    for (const query of refused) expect([query, v.is(schema, query)]).toEqual([query, false]);
  });

  it('takes rows of another resource as an `ids` filter: whole ids in range, repeated ones once', () => {
    const INVOICES = defineList({ orderings: ['created'], filters: { method: { type: 'ids' } } });
    expect(listQueryOf(INVOICES, { filters: { method: [3, 5] } })).toEqual({ method: '3,5' });
    expect(readListParams(INVOICES, new URLSearchParams('method=5,3,5,0,x,2147483648'))).toEqual({
      filters: { method: [5, 3] },
    });
    const raw = listQuerySchema(INVOICES);
    expect(v.is(raw, { method: '3,5' })).toBe(true);
    for (const bad of ['3,', 'a', '0', '-1', '1.5', '01']) expect(v.is(raw, { method: bad }), bad).toBe(false);
  });

  it('takes what the data holds as a `values` filter: texts without commas, repeated ones once', () => {
    const MODEMS = defineList({ orderings: ['name'], filters: { operator: { type: 'values' } } });
    expect(listQueryOf(MODEMS, { filters: { operator: ['МТС', 'Tele2'] } })).toEqual({ operator: 'МТС,Tele2' });
    expect(readListParams(MODEMS, new URLSearchParams('operator=Tele2,,Tele2,Beeline'))).toEqual({
      filters: { operator: ['Tele2', 'Beeline'] },
    });
    const raw = listQuerySchema(MODEMS);
    expect(v.is(raw, { operator: 'МТС,Tele2' })).toBe(true);
    for (const bad of ['', ',', 'a,', 'x'.repeat(101)]) expect(v.is(raw, { operator: bad }), bad).toBe(false);
  });
});
