// The URL hash names the overlay (spec §2): each known hash opens its panel, every other hash opens none. An overlay
// that closes gives focus back to what opened it, or to the page's content when that is gone.
import { createElement } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { panelOf, useFocusReturn } from './hash-panel.ts';

describe('panelOf', () => {
  it.each([
    ['#menu', 'menu'],
    ['#login', 'login'],
    ['#registration', 'registration'],
    ['#topup', 'topup'],
    ['#invoice-31', 'topup'],
    // The order page's "top up the difference": the same dialog, with the amount filled in.
    ['#topup-12345', 'topup'],
    ['topup-1', 'topup'],
  ])('%s opens %s', (hash, panel) => {
    expect(panelOf(hash)).toBe(panel);
  });

  it.each(['', '#', '#faq', '#topup-0', '#topup-abc', '#topup-', '#invoice-0', '#loginx'])(
    '%s opens nothing',
    (hash) => {
      expect(panelOf(hash)).toBeNull();
    },
  );
});

describe('useFocusReturn', () => {
  /**
   * A page with its `<main>`, the overlay's opener (while `withOpener`) and, once loaded (`loaded`: the dialogs are
   * lazily loaded, after the host opens), the overlay's own field.
   */
  function Page({
    open,
    withOpener,
    loaded = open,
    openerShut = false,
  }: {
    open: boolean;
    withOpener: boolean;
    loaded?: boolean;
    /** The opener is there but takes no focus (a link of the phone menu, which closed as the overlay opened). */
    openerShut?: boolean;
  }) {
    useFocusReturn(open);
    return createElement(
      'div',
      null,
      withOpener ? createElement('button', { type: 'button', disabled: openerShut }, 'Sign in') : null,
      createElement('main', { id: 'main', tabIndex: -1 }, 'The page'),
      loaded ? createElement('input', { 'aria-label': 'E-mail', autoFocus: true }) : null,
    );
  }

  afterEach(cleanup);

  it('gives focus back to the opener once the overlay closes', () => {
    const { rerender } = render(createElement(Page, { open: false, withOpener: true }));
    // A page starting with the overlay closed keeps focus where it is.
    expect(document.activeElement).toBe(document.body);
    screen.getByRole('button', { name: 'Sign in' }).focus();
    rerender(createElement(Page, { open: true, withOpener: true, loaded: false }));
    rerender(createElement(Page, { open: true, withOpener: true }));
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
    rerender(createElement(Page, { open: false, withOpener: true }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign in' }));
  });

  it("puts focus on the page's content when the opener went while the overlay was open (#49)", () => {
    const { rerender } = render(createElement(Page, { open: false, withOpener: true }));
    screen.getByRole('button', { name: 'Sign in' }).focus();
    rerender(createElement(Page, { open: true, withOpener: true, loaded: false }));
    rerender(createElement(Page, { open: true, withOpener: true }));
    // Signed in: the header's "Sign in" is gone as the dialog closes.
    rerender(createElement(Page, { open: false, withOpener: false }));
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it("puts focus on the page's content when the opener is there but takes no focus, as the phone menu's links (#49)", () => {
    const { rerender } = render(createElement(Page, { open: false, withOpener: true }));
    screen.getByRole('button', { name: 'Sign in' }).focus();
    rerender(createElement(Page, { open: true, withOpener: true, loaded: false }));
    rerender(createElement(Page, { open: true, withOpener: true }));
    rerender(createElement(Page, { open: false, withOpener: true, openerShut: true }));
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('puts focus on the menu button when the opener was a link of the menu, closed meanwhile (#49)', () => {
    function Menu({ open, loaded = open, shut }: { open: boolean; loaded?: boolean; shut: boolean }) {
      useFocusReturn(open);
      return createElement(
        'div',
        null,
        createElement('button', { type: 'button', 'aria-controls': 'menu', 'aria-expanded': false }, 'Open the menu'),
        createElement('nav', { id: 'menu' }, createElement('button', { type: 'button', disabled: shut }, 'Top up')),
        createElement('main', { id: 'main', tabIndex: -1 }, 'The page'),
        loaded ? createElement('input', { 'aria-label': 'Amount', autoFocus: true }) : null,
      );
    }
    const { rerender } = render(createElement(Menu, { open: false, shut: false }));
    screen.getByRole('button', { name: 'Top up' }).focus();
    rerender(createElement(Menu, { open: true, loaded: false, shut: false }));
    rerender(createElement(Menu, { open: true, shut: false }));
    rerender(createElement(Menu, { open: false, shut: true }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open the menu' }));
  });
});
