// A table wider than its box says so above it (#28) and its scroller is a Tab stop, for the keyboard (#49); one that
// fits says nothing and takes no focus.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sectionProviders } from '../test/section-harness.tsx';
import { SideScroll } from './SideScroll.tsx';

const Providers = sectionProviders('test', { ru: {}, en: {} });

/** A table in antd's scroller whose content is `width` px wide in a 375 px box. */
function renderTable(width: number, language: 'ru' | 'en' = 'en') {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(375);
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(width);
  render(
    <Providers language={language}>
      <SideScroll>
        <div className="ant-table-content">
          <table />
        </div>
      </SideScroll>
    </Providers>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a list on a narrow screen', () => {
  it('says that a table wider than its box scrolls sideways, in the language', () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    renderTable(621);
    expect(screen.getByText('The table is wider than the screen — scroll it sideways →')).toBeDefined();
    cleanup();
    renderTable(621, 'ru');
    expect(screen.getByText('Таблица шире экрана — листайте её вбок →')).toBeDefined();
  });

  it('says nothing of a table that fits', () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    renderTable(360);
    expect(screen.queryByText(/scroll it sideways/)).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.querySelector('.ant-table-content')?.hasAttribute('tabindex')).toBe(false);
  });

  it('lets the keyboard reach and scroll a table wider than its box, named in the language', () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    renderTable(621);
    expect(screen.getByRole('region', { name: 'Table, scrolls sideways' }).tabIndex).toBe(0);
    cleanup();
    renderTable(621, 'ru');
    expect(screen.getByRole('region', { name: 'Таблица, листается вбок' }).tabIndex).toBe(0);
  });
});
