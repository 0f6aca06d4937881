// A small action form as staff use it: checked with the contract's schema before anything is asked or sent, a
// confirmation that words what will be sent, the server's field errors on their fields, and an empty form once done;
// the dialog variant submits with its OK button.
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { ApiError } from '@proxy/contract/api/errors';
import { appStore, messageAtom, StateProvider } from '@proxy/contract/state';
import { TextField } from '../fields/fields.tsx';
import { installBrowserStubs } from '../test/browser-stubs.ts';
import { ActionDialog, ActionForm } from './ActionForm.tsx';

beforeEach(installBrowserStubs);
afterEach(cleanup);

const NoteSchema = v.object({
  note: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1),
    v.check((note) => note !== 'nothing', 'not_nothing'),
  ),
});
type Note = v.InferOutput<typeof NoteSchema>;

function renderIn(language: 'ru' | 'en', children: ReactNode) {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({ lng: language, resources: {}, initAsync: false });
  render(
    <StateProvider store={appStore}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </StateProvider>,
  );
}

function renderForm(send: (input: Note) => Promise<{ id: number }>, onDone = vi.fn(), language: 'ru' | 'en' = 'en') {
  renderIn(
    language,
    <ActionForm<Note, Note, { id: number }>
      name="note"
      initialValues={{ note: '' }}
      schema={NoteSchema}
      checkMessages={{ not_nothing: 'Say something.' }}
      send={send}
      done={(result) => `Noted as ${result.id}`}
      onDone={onDone}
      submitLabel="Add note"
      confirm={(input) => ({
        title: 'Add it?',
        content: `“${input.note}” is added.`,
        okText: 'Add',
        cancelText: 'Back',
      })}
    >
      <TextField name="note" label="Note" />
    </ActionForm>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = async (button: HTMLElement) => {
  await act(async () => {
    fireEvent.click(button);
  });
};

describe('an action form', () => {
  it.each([
    ['en', 'This field is required.'],
    ['ru', 'Обязательное поле.'],
  ] as const)(
    'words the schema’s issues on the field (%s), the section’s own checks in its words',
    async (language, required) => {
      const send = vi.fn(async () => ({ id: 1 }));
      renderForm(send, vi.fn(), language);
      await press(screen.getByRole('button', { name: 'Add note' }));
      expect(screen.getByText(required)).toBeDefined();
      type('Note', 'nothing');
      await press(screen.getByRole('button', { name: 'Add note' }));
      expect(screen.getByText('Say something.')).toBeDefined();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(send).not.toHaveBeenCalled();
    },
  );

  it('asks first with what will be sent, sends exactly that on OK, toasts and is empty again', async () => {
    const send = vi.fn(async () => ({ id: 5 }));
    const onDone = vi.fn();
    renderForm(send, onDone);
    type('Note', '  first  ');
    await press(screen.getByRole('button', { name: 'Add note' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('“first” is added.');
    // Back sends nothing and keeps what was typed.
    await press(within(dialog).getByRole('button', { name: 'Back' }));
    expect(send).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('  first  ');

    await press(screen.getByRole('button', { name: 'Add note' }));
    await press(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add' }));
    expect(send.mock.calls).toEqual([[{ note: 'first' }]]);
    expect(onDone).toHaveBeenCalledWith({ id: 5 });
    expect(appStore.get(messageAtom)).toMatchObject({ text: 'Noted as 5', color: 'success' });
    expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('');
  });

  it("puts the server's 400 on its field and keeps the values for another try", async () => {
    const send = vi.fn(async (): Promise<{ id: number }> => {
      throw new ApiError(400, { note: ['Too rude.'] });
    });
    const onDone = vi.fn();
    renderForm(send, onDone);
    type('Note', 'rude words');
    await press(screen.getByRole('button', { name: 'Add note' }));
    await press(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add' }));
    const note = screen.getByLabelText('Note');
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(note.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Too rude.');
    expect(appStore.get(messageAtom)).toMatchObject({ text: 'Too rude.', color: 'error' });
    expect((note as HTMLInputElement).value).toBe('rude words');
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('an action dialog', () => {
  function renderDialog(send: (input: Note) => Promise<{ id: number }>, onCancel = vi.fn(), onDone = vi.fn()) {
    renderIn(
      'en',
      <ActionDialog<Note, Note, { id: number }>
        name="dialog-note"
        initialValues={{ note: '' }}
        schema={NoteSchema}
        send={send}
        done={() => 'Done'}
        onDone={onDone}
        title="Write a note"
        okText="Send"
        cancelText="Back"
        danger
        onCancel={onCancel}
      >
        <p>It is kept forever.</p>
        <TextField name="note" label="Note" />
      </ActionDialog>,
    );
  }

  it('submits with its OK button: checked first, then sent, with the server’s errors on the field', async () => {
    let refuse = true;
    const send = vi.fn(async (): Promise<{ id: number }> => {
      if (refuse) throw new ApiError(400, { note: ['Too short.'] });
      return { id: 2 };
    });
    const onDone = vi.fn();
    renderDialog(send, vi.fn(), onDone);
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('It is kept forever.');
    const ok = () => within(dialog).getByRole('button', { name: /Send$/ });
    expect(ok().className).toContain('ant-btn-dangerous');
    await press(ok());
    expect(within(dialog).getByText('This field is required.')).toBeDefined();
    expect(send).not.toHaveBeenCalled();

    type('Note', 'hi');
    await press(ok());
    expect(within(dialog).getByText('Too short.')).toBeDefined();
    refuse = false;
    type('Note', 'hello there');
    await press(ok());
    expect(send.mock.calls).toEqual([[{ note: 'hi' }], [{ note: 'hello there' }]]);
    expect(onDone).toHaveBeenCalledWith({ id: 2 });
    expect(appStore.get(messageAtom)).toMatchObject({ text: 'Done', color: 'success' });
  });

  it('leaves closing to its caller', async () => {
    const onCancel = vi.fn();
    renderDialog(
      vi.fn(async () => ({ id: 1 })),
      onCancel,
    );
    await press(within(screen.getByRole('dialog')).getByRole('button', { name: 'Back' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
