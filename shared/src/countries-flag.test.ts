// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Flag, flagUrl } from './countries.ts';

afterEach(cleanup);

describe('Flag', () => {
  it("is the country's SVG file, sized, lazy, named in the page's language", () => {
    render(createElement(Flag, { country: 'RU', language: 'ru' }));
    const image = screen.getByRole('img', { name: 'Россия' });
    expect(image.getAttribute('src')).toBe('/flags/ru.svg');
    expect(image.getAttribute('width')).toBe('20');
    expect(image.getAttribute('height')).toBe('15');
    expect(image.getAttribute('loading')).toBe('lazy');
    cleanup();
    render(createElement(Flag, { country: 'KZ', language: 'en' }));
    expect(screen.getByRole('img', { name: 'Kazakhstan' }).getAttribute('src')).toBe('/flags/kz.svg');
  });

  it('is decoration, with an empty alt, when the name is written beside it', () => {
    const { container } = render(createElement(Flag, { country: 'RU', language: 'en', decorative: true }));
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('falls back to text for what is not a code, and for a code the site has no flag for', () => {
    render(createElement(Flag, { country: 'Atlantis', language: 'en' }));
    expect(screen.getByText('Atlantis')).toBeDefined();
    expect(screen.queryByRole('img')).toBeNull();
    cleanup();
    render(createElement(Flag, { country: 'XX', language: 'ru' }));
    fireEvent.error(screen.getByRole('img', { name: 'XX' }));
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('XX')).toBeDefined();
    cleanup();
    // Beside its name, a missing flag leaves nothing rather than the name twice.
    const { container } = render(createElement(Flag, { country: 'Atlantis', language: 'en', decorative: true }));
    expect(container.textContent).toBe('');
  });

  it('names a file only for a two-letter code', () => {
    expect(flagUrl('GB')).toBe('/flags/gb.svg');
    expect(flagUrl('ru')).toBeNull();
    expect(flagUrl('Russia')).toBeNull();
    expect(flagUrl('')).toBeNull();
  });
});
