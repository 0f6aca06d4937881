import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager } from './Pager.tsx';
import { partProviders } from './test/harness.tsx';

afterEach(cleanup);

describe('the pager', () => {
  it('is not there when everything fits on one page', () => {
    render(<Pager page={1} count={20} pageSize={20} label="Proxies" onPage={() => undefined} />, {
      wrapper: partProviders(),
    });
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('says where we are and steps back and forth, within the pages there are', () => {
    const onPage = vi.fn();
    render(<Pager page={2} count={45} pageSize={20} label="Proxies" onPage={onPage} />, {
      wrapper: partProviders({ language: 'ru' }),
    });
    const pager = screen.getByRole('navigation', { name: 'Страницы: Proxies' });
    expect(pager.textContent).toContain('Страница 2 из 3');
    fireEvent.click(screen.getByRole('button', { name: 'Вперёд' }));
    fireEvent.click(screen.getByRole('button', { name: 'Назад' }));
    expect(onPage.mock.calls).toEqual([[3], [1]]);
  });

  it('takes a page past the end (the list shrank) back to the last one', () => {
    const onPage = vi.fn();
    render(<Pager page={5} count={45} pageSize={20} label="Proxies" onPage={onPage} />, { wrapper: partProviders() });
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage).toHaveBeenCalledWith(3);
  });
});
