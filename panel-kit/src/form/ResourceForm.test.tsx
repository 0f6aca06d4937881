// A form says what is wrong with a field before anything is sent, in the words the server would use: a named check
// of the contract (a slug's shape) gets its own message, not a generic "invalid".
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SLUG_PATTERN } from '@proxy/contract/schemas/page';
import { appStore, StateProvider } from '@proxy/contract/state';
import * as v from 'valibot';
import { TextField } from '../fields/fields.tsx';
import { installBrowserStubs } from '../test/browser-stubs.ts';
import { ResourceForm } from './ResourceForm.tsx';

beforeEach(installBrowserStubs);
afterEach(cleanup);

const Schema = v.object({ slug: v.pipe(v.string(), v.trim(), v.regex(SLUG_PATTERN, 'invalid_slug')) });

function renderForm(language: 'ru' | 'en', send: (input: unknown) => Promise<unknown>) {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({ lng: language, resources: {}, initAsync: false });
  render(
    <StateProvider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <ResourceForm
          name="page"
          initialValues={{ slug: 'Price List' }}
          readOnly={false}
          toInput={(values: { slug: string }) => values}
          schema={Schema}
          send={send}
          done="saved"
        >
          <TextField name="slug" label="Slug" />
        </ResourceForm>
      </I18nextProvider>
    </StateProvider>,
  );
}

it.each([
  ['en', 'Only lower-case Latin letters, digits and single hyphens between them (like price-list).'],
  ['ru', 'Только латинские буквы в нижнем регистре, цифры и дефисы между ними (например, price-list).'],
] as const)('words a slug of the wrong shape on its field (%s) and sends nothing', async (language, text) => {
  const send = vi.fn(async (input: unknown) => input);
  renderForm(language, send);
  fireEvent.click(screen.getByRole('button', { name: language === 'en' ? 'Save' : 'Сохранить' }));
  expect(await screen.findByText(text)).toBeTruthy();
  expect(send).not.toHaveBeenCalled();
});
