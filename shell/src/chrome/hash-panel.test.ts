// The URL hash names the overlay (spec §2): each known hash opens its panel, every other hash opens none.
import { describe, expect, it } from 'vitest';
import { panelOf } from './hash-panel.ts';

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
