// The panel's step-up dialog (issue #48): a request the API refuses with 403 `step_up_required` opens it; a wrong
// code stays on its field, a right one confirms and the refused request is sent again and succeeds; closing it hands
// the refusal back to the form that sent the request.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@proxy/contract/api/errors';
import { api, appStore, clearMessageAtom, hydrateAppStore, StateProvider } from '@proxy/contract/state';
import { testI18n } from '../test/i18n.ts';
import { stubMatchMedia } from '../test/browser.ts';
import { StepUpDialog } from './StepUpDialog.tsx';
import ru from './i18n/ru.json';

const REQUIRED = {
  detail: 'Подтвердите, что это вы: введите код из приложения-аутентификатора или используйте ключ доступа.',
  code: 'step_up_required',
  methods: ['totp', 'recovery_code'],
};

/** The API: marking paid wants a fresh factor until a right code was sent to the step-up endpoint. */
function stubApi() {
  let confirmed = false;
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const body = JSON.parse(String(init.body ?? 'null')) as unknown;
    calls.push({ url, body });
    const reply = (status: number, payload: unknown) =>
      new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    if (url === '/api/users/step-up/') {
      if ((body as { code: string }).code !== '123456') {
        return reply(400, { code: ['Код неверный или уже использован.'] });
      }
      confirmed = true;
      return reply(200, { detail: 'Подтверждено.' });
    }
    return confirmed ? reply(200, { id: 7, status: 'paid' }) : reply(403, REQUIRED);
  });
  return calls;
}

// By the end of its name: the spinner of the last try is still leaving (jsdom runs no animations) and names it too.
const confirmName = new RegExp(`${ru.stepUp.confirm}$`);

function renderDialog() {
  render(
    <StateProvider store={appStore}>
      <I18nextProvider i18n={testI18n('ru')}>
        <StepUpDialog />
      </I18nextProvider>
    </StateProvider>,
  );
}

beforeEach(() => {
  hydrateAppStore(appStore, { token: 't'.repeat(40) });
  stubMatchMedia();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  appStore.set(clearMessageAtom);
});

describe('the step-up dialog', () => {
  it('asks for a code when money needs a fresh factor, then sends the refused request again', async () => {
    const calls = stubApi();
    renderDialog();
    const marked = api.request('/api/panel/invoices/7/paid/', { method: 'POST', body: { reason: '' } });
    const code = await screen.findByLabelText(ru.stepUp.code);
    expect(screen.getByText(REQUIRED.detail)).toBeTruthy();
    expect(document.activeElement).toBe(code);

    await act(async () => fireEvent.change(code, { target: { value: '000000' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: confirmName })));
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Код неверный или уже использован.')).toBeTruthy();

    await act(async () => fireEvent.change(code, { target: { value: ' 123456 ' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: confirmName })));
    expect(await marked).toEqual({ id: 7, status: 'paid' });
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      ['/api/panel/invoices/7/paid/', { reason: '' }],
      ['/api/users/step-up/', { code: '000000' }],
      ['/api/users/step-up/', { code: '123456' }],
      ['/api/panel/invoices/7/paid/', { reason: '' }],
    ]);
  });

  it('hands the refusal back when closed', async () => {
    stubApi();
    renderDialog();
    const refusal = api.request('/api/panel/invoices/7/paid/', { method: 'POST', body: { reason: '' } }).then(
      () => null,
      (error: unknown) => error,
    );
    await screen.findByLabelText(ru.stepUp.code);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: ru.stepUp.cancel })));
    const error = await refusal;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, detail: REQUIRED.detail });
  });
});
