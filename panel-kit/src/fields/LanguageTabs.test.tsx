// A form's per-language fields sit in tabs, Russian first. When a save is refused for a field of the hidden language,
// the form turns to that language's tab, so the person sees what to fix instead of a form that will not save.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { appStore, StateProvider } from '@proxy/contract/state';
import * as v from 'valibot';
import { ResourceForm } from '../form/ResourceForm.tsx';
import { installBrowserStubs } from '../test/browser-stubs.ts';
import { TextField } from './fields.tsx';
import { LanguageTabs, useLanguageTab } from './LanguageTabs.tsx';

beforeEach(installBrowserStubs);
afterEach(cleanup);

const Schema = v.object({
  title_ru: v.pipe(v.string(), v.minLength(1)),
  title_en: v.pipe(v.string(), v.minLength(1)),
});
type Values = v.InferOutput<typeof Schema>;

function TitleForm({ initialValues, send }: { initialValues: Values; send: (input: Values) => Promise<unknown> }) {
  const { tab, setTab, onFieldErrors } = useLanguageTab();
  return (
    <ResourceForm
      name="title"
      initialValues={initialValues}
      readOnly={false}
      toInput={(values: Values) => values}
      schema={Schema}
      send={send}
      done="saved"
      onFieldErrors={onFieldErrors}
    >
      <LanguageTabs active={tab} onChange={setTab}>
        {(language) => <TextField name={`title_${language}`} label={`Title (${language})`} />}
      </LanguageTabs>
    </ResourceForm>
  );
}

function renderForm(initialValues: Values) {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({ lng: 'en', resources: {}, initAsync: false });
  const send = vi.fn(async (input: Values) => input);
  render(
    <StateProvider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <TitleForm initialValues={initialValues} send={send} />
      </I18nextProvider>
    </StateProvider>,
  );
  return send;
}

const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent;
// Both tabs stay rendered (the hidden one too), so each field can be asked whether it holds an error.
const invalid = (label: string) => screen.getByLabelText(label).getAttribute('aria-invalid') === 'true';

it('opens on Russian and turns to the English tab when the English field is what stops the save', async () => {
  const send = renderForm({ title_ru: 'Цены', title_en: '' });
  expect(selectedTab()).toBe('Russian');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await vi.waitFor(() => expect(invalid('Title (en)')).toBe(true));
  expect(selectedTab()).toBe('English');
  expect(invalid('Title (ru)')).toBe(false);
  expect(send).not.toHaveBeenCalled();
});

it('turns back to the Russian tab for a Russian field, even from the English one', async () => {
  renderForm({ title_ru: '', title_en: 'Prices' });
  fireEvent.click(screen.getByRole('tab', { name: 'English' }));
  expect(selectedTab()).toBe('English');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await vi.waitFor(() => expect(invalid('Title (ru)')).toBe(true));
  expect(selectedTab()).toBe('Russian');
});
