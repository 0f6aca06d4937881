// One submit of an auth form as the user sees its outcome (spec §8): a 400–403 answer with a body puts its errors on
// the fields and in one error toast; one without a usable body shows the generic error instead of an empty toast.
import { afterEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ApiError } from '@proxy/contract/api/errors';
import { appStore, clearMessageAtom, messageAtom } from '@proxy/contract/state';
import { submitForm } from './submit.ts';

const schema = v.object({ email: v.string() });
const t = (key: string) => (key === 'unknownError' ? 'An error occurred' : key);
const failWith = (error: unknown) => () => Promise.reject(error);

afterEach(() => appStore.set(clearMessageAtom));

describe('submitForm', () => {
  it('puts the field errors of a 400 on the fields and all of them in one error toast', async () => {
    const errors = await submitForm(
      schema,
      { email: 'a@b.c' },
      t,
      failWith(new ApiError(400, { email: ['Enter a valid email address.'], non_field_errors: ['Nope.'] })),
    );
    expect(errors).toEqual({ email: 'Enter a valid email address.', non_field_errors: 'Nope.' });
    expect(appStore.get(messageAtom)).toMatchObject({
      show: true,
      color: 'error',
      text: 'Enter a valid email address. Nope.',
    });
  });

  it.each([
    ['no body', null],
    ["a proxy's HTML page", '<html><body>403 Forbidden</body></html>'],
    ['an empty object', {}],
  ])('shows the generic error for a 403 with %s, never an empty or raw toast', async (_label, body) => {
    const errors = await submitForm(schema, { email: 'a@b.c' }, t, failWith(new ApiError(403, body)));
    expect(errors).toBeUndefined();
    expect(appStore.get(messageAtom)).toMatchObject({ show: true, color: 'error', text: 'An error occurred' });
  });
});
