import { afterEach, describe, expect, it } from 'vitest';
import { loadIntegrations } from './integrations.ts';

afterEach(() => {
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('third-party scripts', () => {
  it('loads the configured analytics and chat scripts, asynchronously', () => {
    loadIntegrations(
      { analytics: 'https://stats.example.net/tag.js', chat: 'https://chat.example.org/widget.js' },
      document,
    );
    const scripts = [...document.head.querySelectorAll('script')];
    expect(scripts.map((script) => script.src)).toEqual([
      'https://stats.example.net/tag.js',
      'https://chat.example.org/widget.js',
    ]);
    expect(scripts.every((script) => script.async)).toBe(true);
  });

  it('loads nothing by default', () => {
    loadIntegrations(undefined, document);
    loadIntegrations({}, document);
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
  });
});
