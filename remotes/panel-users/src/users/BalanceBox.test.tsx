// #49: staff typed "150,5" and the customer was credited 1 505 ₽. An adjustment is read by the contract's rule in
// either language — a comma or a point — shown as read in the confirmation, sent in the right minor units, and
// anything ambiguous is refused on the field before anything is asked or sent.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatPrice } from '@proxy/contract/money';
import { screenTests, signIn, stubApi } from '@proxy/panel-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { account } from '../test/fixtures.ts';
import { Providers } from '../test/setup.tsx';
import { BalanceBox } from './BalanceBox.tsx';

const STAFF = ['users.view_user', 'users.change_balance'];
const CUSTOMER = account(7, { email: 'buyer@example.com', balance: 310_000 });
const WORDS = { ru: ru.balance, en: en.balance };

screenTests();

function renderBox(language: 'ru' | 'en') {
  signIn(STAFF);
  const calls = stubApi((call) => ({
    body: { ...CUSTOMER, balance: CUSTOMER.balance + (call.body as { amount: number }).amount },
  }));
  const onAdjusted = vi.fn();
  render(
    <Providers language={language}>
      <BalanceBox user={CUSTOMER} onAdjusted={onAdjusted} />
    </Providers>,
  );
  const words = WORDS[language];
  const amount = () => screen.getByLabelText(/^(Amount|Сумма),/) as HTMLInputElement;
  const adjust = async (text: string) => {
    fireEvent.change(amount(), { target: { value: text } });
    fireEvent.change(screen.getByLabelText(words.reason), { target: { value: 'Goodwill' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: words.adjust }));
    });
  };
  /** The field's description: its error, or what its text was read as. */
  const describedText = () => document.getElementById(amount().getAttribute('aria-describedby') ?? '')?.textContent;
  return { calls, onAdjusted, amount, adjust, describedText, words };
}

describe('a balance adjustment typed with a decimal comma or point (#49)', () => {
  it.each([
    ['ru', '150,5', 15_050],
    ['ru', '150.5', 15_050],
    ['ru', '150,50', 15_050],
    ['ru', '1 505,50', 150_550],
    ['en', '150.5', 15_050],
    ['en', '150,5', 15_050],
    ['en', ' 150 ', 15_000],
    ['en', '-150.5', -15_050],
  ] as const)('%s: reads %j as %i minor units, confirms that figure and sends it', async (language, text, minor) => {
    const { calls, onAdjusted, adjust, describedText, words } = renderBox(language);
    const price = (value: number) => formatPrice(value, 'RUB', language);
    fireEvent.change(screen.getByLabelText(/^(Amount|Сумма),/), { target: { value: text } });
    // What the text was read as, said with the field before anything is asked.
    expect(describedText()).toBe(`${language === 'ru' ? 'Сумма' : 'Amount'}: ${price(minor)}`);
    await adjust(text);
    const dialog = screen.getByRole('dialog');
    const wording = minor > 0 ? words.confirmCredit : words.confirmDebit;
    expect(dialog.textContent).toContain(
      wording
        .replace('{{amount}}', price(Math.abs(minor)))
        .replace('{{email}}', CUSTOMER.email)
        .replace('{{after}}', price(CUSTOMER.balance + minor)),
    );
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: words.confirm }));
    });
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { amount: minor, reason: 'Goodwill' },
    ]);
    expect(onAdjusted).toHaveBeenCalledWith(expect.objectContaining({ balance: CUSTOMER.balance + minor }));
  });

  const FORMAT = {
    ru: 'Введите сумму вида 150,50 или 150.50: цифры, одна запятая или точка перед дробной частью, тысячи — через пробел.',
    en: 'Enter an amount like 150.50 or 150,50: digits, one decimal point or comma, thousands grouped by spaces.',
  };
  const DECIMALS = {
    ru: 'Не больше двух знаков после запятой или точки (тысяча — это 1000 или 1 000).',
    en: 'At most two digits after the decimal point or comma (a thousand is 1000 or 1 000).',
  };
  it.each(
    (['ru', 'en'] as const).flatMap((language) => [
      [language, '1.000,5', FORMAT[language]],
      [language, '1,000.5', FORMAT[language]],
      [language, '150,,5', FORMAT[language]],
      [language, '150,', FORMAT[language]],
      [language, ',', FORMAT[language]],
      [language, '150 руб', FORMAT[language]],
      [language, '1,000', DECIMALS[language]],
      [language, '150,505', DECIMALS[language]],
    ]),
  )('%s: refuses %j on the field, asks nothing and sends nothing', async (language, text, message) => {
    const { calls, amount, adjust, describedText } = renderBox(language);
    await adjust(text);
    expect(amount().getAttribute('aria-invalid')).toBe('true');
    expect(describedText()).toBe(message);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
