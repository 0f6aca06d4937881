import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './Dialog.tsx';
import { partProviders, stubBrowser } from './test/harness.tsx';

beforeEach(() => {
  stubBrowser();
});
afterEach(cleanup);

function Confirming({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Regenerate
      </button>
      {open && (
        <ConfirmDialog
          title="A new password?"
          text="The old one stops working."
          confirm="Change it"
          busy={false}
          onConfirm={() => {
            onConfirm();
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

describe('a confirmation', () => {
  it('asks, acts on the confirming button, and gives focus back to the button that opened it', () => {
    const onConfirm = vi.fn();
    render(<Confirming onConfirm={onConfirm} />, { wrapper: partProviders() });
    const opener = screen.getByRole('button', { name: 'Regenerate' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'A new password?' });
    expect(dialog.textContent).toContain('The old one stops working.');
    screen.getByRole('button', { name: 'Change it' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Change it' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on Escape or Cancel without acting, and gives focus back', () => {
    const onConfirm = vi.fn();
    render(<Confirming onConfirm={onConfirm} />, { wrapper: partProviders({ language: 'ru' }) });
    const opener = screen.getByRole('button', { name: 'Regenerate' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
