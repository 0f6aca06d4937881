import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStore, clearMessageAtom, messageAtom } from '@proxy/contract/state';
import { CopyButton } from './copy.tsx';
import { partProviders, stubBrowser } from './test/harness.tsx';

afterEach(() => {
  cleanup();
  appStore.set(clearMessageAtom);
});

describe('copying', () => {
  it('copies the text and confirms it', async () => {
    const { copied } = stubBrowser();
    render(<CopyButton text="user1:secret" label="Copy the password" />, { wrapper: partProviders() });
    fireEvent.click(screen.getByRole('button', { name: 'Copy the password' }));
    await vi.waitFor(() => expect(appStore.get(messageAtom)).toMatchObject({ text: 'Copied', color: 'success' }));
    expect(copied).toEqual(['user1:secret']);
  });

  it('says so when the browser refuses, and selects the text to copy by hand', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new DOMException('refused', 'NotAllowedError')) },
    });
    render(
      <p>
        <code data-testid="address">T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb</code>
        <CopyButton
          text="T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb"
          label="Copy the address"
          select={() => screen.getByTestId('address')}
        />
      </p>,
      { wrapper: partProviders({ language: 'ru' }) },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy the address' }));
    await vi.waitFor(() => expect(appStore.get(messageAtom)).toMatchObject({ color: 'error' }));
    expect(appStore.get(messageAtom).text).toMatch(/^Не удалось скопировать/);
    expect(window.getSelection()?.toString()).toBe('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
  });
});
