// The one outcome every form and panel action reports: field errors nested the way final-form reads them, and the
// toast a person sees for each kind of failure.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api/errors.ts';
import { joinMessages, nestErrors, reportRequestError, runRequest } from './forms.ts';
import { appStore, clearMessageAtom, messageAtom } from './state.ts';

const messages = { networkError: 'Offline', unknownError: 'Something went wrong' };

afterEach(() => appStore.set(clearMessageAtom));

describe('form errors', () => {
  it('nests dotted paths into objects and list items into arrays', () => {
    expect(
      nestErrors({
        slug: ['Taken.'],
        'data_ru.items.1.title': ['Required.', 'Too long.'],
        'data_ru.title': ['Blank.'],
      }),
    ).toEqual({
      slug: 'Taken.',
      data_ru: { items: [undefined, { title: 'Required. Too long.' }], title: 'Blank.' },
    });
  });

  it.each([
    ['a 400 with field messages', new ApiError(400, { slug: ['Taken.'], non_field_errors: ['No.'] }), 'Taken. No.'],
    ['a 404 of a row deleted meanwhile', new ApiError(404, { detail: 'Not found.' }), 'Not found.'],
    ['a 429 with its wait', new ApiError(429, { detail: 'Request was throttled.' }), 'Request was throttled.'],
    ['no answer at all', new NetworkError(new Error('offline')), 'Offline'],
    ['a 500', new ApiError(500, { detail: 'Internal' }), 'Something went wrong'],
    ['a 403 with a proxy page for a body', new ApiError(403, '<html>403</html>'), 'Something went wrong'],
  ])('toasts %s as a person should read it', (_label, error, text) => {
    reportRequestError(error, messages);
    expect(appStore.get(messageAtom)).toMatchObject({ show: true, color: 'error', text });
  });

  it('answers field errors only for a 400–403 with a body', () => {
    expect(reportRequestError(new ApiError(400, { slug: ['Taken.'] }), messages)).toEqual({ slug: 'Taken.' });
    expect(reportRequestError(new ApiError(404, { detail: 'Not found.' }), messages)).toBeUndefined();
  });

  it('toasts the success text of a request that went through, and nothing when none is given', async () => {
    expect(await runRequest(async () => 7, { ...messages, saved: 'Saved' })).toEqual({ ok: true, value: 7 });
    expect(appStore.get(messageAtom)).toMatchObject({ show: true, color: 'success', text: 'Saved' });
    appStore.set(clearMessageAtom);
    await runRequest(async () => 7, messages);
    expect(appStore.get(messageAtom)).toMatchObject({ show: false });
  });
});

describe('joinMessages', () => {
  it("joins bare phrases by ', ' and sentences by a space, as one toast reads", () => {
    expect(joinMessages(['Обязательное поле', 'Неверный email'])).toBe('Обязательное поле, Неверный email');
    expect(joinMessages(['Этот пароль слишком распространён.', 'Введённые пароли не совпадают.'])).toBe(
      'Этот пароль слишком распространён. Введённые пароли не совпадают.',
    );
    expect(joinMessages(['Only one'])).toBe('Only one');
    expect(joinMessages([])).toBe('');
  });

  it("shows a refused registration's messages in one toast that reads as sentences", () => {
    const error = new ApiError(400, {
      password1: ['Этот пароль слишком распространён.'],
      email: ['Введённый адрес уже занят.'],
    });
    reportRequestError(error, messages);
    expect(appStore.get(messageAtom)?.text).toBe('Этот пароль слишком распространён. Введённый адрес уже занят.');
  });
});
