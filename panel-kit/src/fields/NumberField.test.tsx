// The kit's number field (#49): "2,5" and "2.5" are 2.5 in either language, a whole-number field refuses a decimal
// instead of merging its digits ("2,5" was 25), out of range is refused instead of clamped, and ambiguous text is
// refused on the field in the panel's language with nothing sent.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore, StateProvider } from '@proxy/contract/state';
import { ActionForm } from '../form/ActionForm.tsx';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { installBrowserStubs } from '../test/browser-stubs.ts';
import { IntegerField, NumberField } from './fields.tsx';

beforeEach(installBrowserStubs);
afterEach(cleanup);

const WORDS = { ru: ru.number, en: en.number };

function renderField(
  language: 'ru' | 'en',
  field: 'percent' | 'integer',
  initial: number | null = null,
  limits: { min?: number; max?: number } = {},
) {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({ lng: language, resources: {}, initAsync: false });
  const send = vi.fn(async (input: { value: number | null }) => input);
  render(
    <StateProvider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <ActionForm<{ value: number | null }, { value: number | null }, unknown>
          name="number"
          initialValues={{ value: initial }}
          toInput={({ value }) => ({ value })}
          send={send}
          done={() => 'Saved'}
          submitLabel="Save"
        >
          {field === 'percent' ? (
            <NumberField name="value" label="Value" min={0} precision={2} {...limits} />
          ) : (
            <IntegerField name="value" label="Value" min={1} {...limits} />
          )}
        </ActionForm>
      </I18nextProvider>
    </StateProvider>,
  );
  const input = screen.getByLabelText('Value') as HTMLInputElement;
  return {
    send,
    input,
    type: (text: string) => fireEvent.change(input, { target: { value: text } }),
    submit: () =>
      act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      }),
    error: () => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent,
  };
}

describe.each(['ru', 'en'] as const)('a number field (%s)', (language) => {
  const words = WORDS[language];

  it.each([
    ['2,5', 2.5],
    ['2.5', 2.5],
    ['2,55', 2.55],
    [' 12 ', 12],
    ['1 000,5', 1000.5],
  ])('reads %j as %d and sends that', async (text, value) => {
    const { send, input, type, submit } = renderField(language, 'percent');
    type(text);
    await submit();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(send).toHaveBeenCalledWith({ value });
  });

  it.each([
    ['1.000,5', words.format],
    ['1,000.5', words.format],
    ['2,', words.format],
    ['2.5%', words.format],
    ['2,555', words.decimals.replace('{{digits}}', '2')],
    ['-1', words.negative],
  ])('refuses %j on the field and sends nothing', async (text, message) => {
    const { send, input, type, submit, error } = renderField(language, 'percent');
    type(text);
    await submit();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(error()).toBe(message);
    expect(send).not.toHaveBeenCalled();
  });

  it('shows a stored decimal with the language’s mark, and sends it back unchanged', async () => {
    const { send, input, submit } = renderField(language, 'percent', 1.5);
    expect(input.value).toBe(language === 'ru' ? '1,5' : '1.5');
    await submit();
    expect(send).toHaveBeenCalledWith({ value: 1.5 });
  });

  it('refuses a decimal in a whole-number field instead of merging its digits', async () => {
    const { send, input, type, submit, error } = renderField(language, 'integer');
    for (const text of ['2,5', '2.5', '1,000']) {
      type(text);
      await submit();
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(error()).toBe(words.whole);
    }
    expect(send).not.toHaveBeenCalled();
    type('25');
    await submit();
    expect(send).toHaveBeenCalledWith({ value: 25 });
  });

  it('refuses a number out of range instead of clamping it', async () => {
    const { send, input, type, submit, error } = renderField(language, 'integer', null, { min: 5, max: 600 });
    type('601');
    await submit();
    expect(error()).toBe(words.max.replace('{{value}}', '600'));
    expect(input.value).toBe('601');
    type('4');
    await submit();
    expect(error()).toBe(words.min.replace('{{value}}', '5'));
    expect(send).not.toHaveBeenCalled();
    type('600');
    await submit();
    expect(send).toHaveBeenCalledWith({ value: 600 });
  });

  it('says what is wrong once the field is left, and stops once the text is fixed', () => {
    const { input, type, error } = renderField(language, 'percent');
    type('1.000,5');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(input);
    expect(error()).toBe(words.format);
    type('1000,5');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.value).toBe('1000,5');
  });
});
