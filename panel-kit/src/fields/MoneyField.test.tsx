// The kit's one money field (#49): "150,5" and "150.5" are 150.50 in either language, what the text was read as is
// said under it, anything it could misread is refused on the field in the panel's language, and the form's request
// carries the right minor units.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPrice, minorUnitsOf } from '@proxy/contract/money';
import { appStore, StateProvider } from '@proxy/contract/state';
import { ActionForm } from '../form/ActionForm.tsx';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { installBrowserStubs } from '../test/browser-stubs.ts';
import { MoneyField } from './fields.tsx';

beforeEach(installBrowserStubs);
afterEach(cleanup);

const WORDS = { ru: ru.money, en: en.money };

function renderField(language: 'ru' | 'en', props: { signed?: boolean; min?: number; max?: number } = {}) {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({ lng: language, resources: {}, initAsync: false });
  const send = vi.fn(async (input: { fee: number | null }) => input);
  render(
    <StateProvider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <ActionForm<{ fee: string }, { fee: number | null }, unknown>
          name="fee"
          initialValues={{ fee: '' }}
          toInput={({ fee }) => ({ fee: minorUnitsOf(fee, { signed: props.signed }) })}
          send={send}
          done={() => 'Saved'}
          submitLabel="Save"
        >
          <MoneyField name="fee" label="Fee" currency="USD" {...props} />
        </ActionForm>
      </I18nextProvider>
    </StateProvider>,
  );
  const field = screen.getByLabelText('Fee');
  return {
    send,
    field,
    type: (text: string) => fireEvent.change(field, { target: { value: text } }),
    submit: () =>
      act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      }),
    /** What the field says beside its text: its error, or what the text was read as. */
    described: () => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent,
  };
}

describe.each(['ru', 'en'] as const)('a money field (%s)', (language) => {
  const words = WORDS[language];
  const price = (minor: number) => formatPrice(minor, 'USD', language);

  it.each([
    ['150,5', 15_050],
    ['150.5', 15_050],
    ['150,50', 15_050],
    [' 150 ', 15_000],
    ['1 505,50', 150_550],
    ['1\u00a0505.5', 150_550],
  ])('reads %j as %i minor units, says so, and sends that', async (text, minor) => {
    const { send, field, type, submit, described } = renderField(language);
    type(text);
    expect(described()).toBe(words.reads.replace('{{amount}}', price(minor)));
    await submit();
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(send).toHaveBeenCalledWith({ fee: minor });
  });

  it.each([
    ['1.000,5', words.format],
    ['1,000.5', words.format],
    ['1.000.000', words.format],
    ['150,', words.format],
    ['.', words.format],
    ['15 0', words.format],
    ['150$', words.format],
    ['1,000', words.decimals],
    ['150.505', words.decimals],
    ['-150', words.negative],
  ])('refuses %j on the field and sends nothing', async (text, message) => {
    const { send, field, type, submit, described } = renderField(language);
    type(text);
    await submit();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(described()).toBe(message);
    expect(send).not.toHaveBeenCalled();
  });

  it('says what is wrong once the field is left, and stops once the text is fixed', () => {
    const { field, type, described } = renderField(language);
    type('1,000.5');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(field);
    expect(described()).toBe(words.format);
    type('1000.5');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(described()).toBe(words.reads.replace('{{amount}}', price(100_050)));
  });

  it('takes a signed amount when asked, and words its limits in the currency', async () => {
    const { send, type, submit, described } = renderField(language, { signed: true, min: -10_000, max: 10_000 });
    type('100,01');
    await submit();
    expect(described()).toBe(words.max.replace('{{amount}}', price(10_000)));
    type('-100,01');
    await submit();
    expect(described()).toBe(words.min.replace('{{amount}}', price(-10_000)));
    type('-99,5');
    await submit();
    expect(send).toHaveBeenCalledWith({ fee: -9_950 });
  });
});
