// The downloads page with the releases its loader hands it, through the lazy chunk the remote's route uses.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { Downloads as Releases } from '@proxy/contract/schemas/versions';
import { renderPage } from '../test/render-page.tsx';
import { Downloads, loadDownloads } from './lazy-downloads.tsx';
import { api, appStore, languageAtom, setLanguageAtom } from '@proxy/contract/state';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SHA = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

const RELEASES: Releases = [
  {
    platform: 'android',
    version_name: '2.4.0',
    version_code: 240,
    url: '/api/versions/files/41/proxy-2.4.0.apk',
    file_name: 'proxy-2.4.0.apk',
    size: 50_633_113,
    sha256: SHA,
    released_at: '2026-03-02',
    notes: '<ul><li>Faster IP rotation.</li></ul>',
  },
  {
    platform: 'windows',
    version_name: '1.3.0',
    version_code: 1300,
    url: 'https://cdn.example.com/agent-1.3.0.msi',
    file_name: null,
    size: null,
    sha256: null,
    released_at: '2026-02-10',
    notes: '',
  },
];

it('shows each platform with its version, date, size, SHA-256, changelog and download link', async () => {
  await renderPage(Downloads, RELEASES, 'en');
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Download the apps');
  const android = screen.getByRole('article', { name: 'Android' });
  expect(within(android).getByText('Version 2.4.0')).toBeTruthy();
  expect(within(android).getByText('March 2, 2026').getAttribute('datetime')).toBe('2026-03-02');
  expect(within(android).getByText('48.3 MB')).toBeTruthy();
  expect(within(android).getByText(SHA).tagName).toBe('CODE');
  expect(within(android).getByText('Faster IP rotation.').tagName).toBe('LI');
  const link = within(android).getByRole('link', { name: 'Download for Android' });
  expect(link.getAttribute('href')).toBe('/api/versions/files/41/proxy-2.4.0.apk');
  expect(link.getAttribute('download')).toBe('proxy-2.4.0.apk');
  // The hash is copied with a button that says so.
  const writeText = vi.fn(async () => undefined);
  vi.stubGlobal('navigator', { clipboard: { writeText } });
  await act(async () => {
    fireEvent.click(within(android).getByRole('button', { name: 'Copy the SHA-256 of the Android release' }));
  });
  expect(writeText).toHaveBeenCalledWith(SHA);
  expect(within(android).getByText('Copied')).toBeTruthy();
  // An external URL: no size or hash known, no download attribute, and no changelog heading without notes.
  const windows = screen.getByRole('article', { name: 'Windows' });
  expect(within(windows).queryByText('SHA-256')).toBeNull();
  expect(within(windows).queryByText("What's new")).toBeNull();
  const external = within(windows).getByRole('link', { name: 'Download for Windows' });
  expect(external.getAttribute('href')).toBe('https://cdn.example.com/agent-1.3.0.msi');
  expect(external.hasAttribute('download')).toBe(false);
});

it('says so when nothing is published, in Russian', async () => {
  await renderPage(Downloads, [], 'ru');
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Скачать приложения');
  expect(screen.getByRole('status').textContent).toBe('Релизов пока нет. Загляните позже.');
  expect(screen.queryByRole('article')).toBeNull();
});

it("loads the releases from the public downloads endpoint, their notes asked for in the page's language", async () => {
  const calls: { url: string; language: string | null }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, language: new Headers(init.headers).get('Accept-Language') });
    return new Response(JSON.stringify(RELEASES), { headers: { 'content-type': 'application/json' } });
  });
  const before = appStore.get(languageAtom);
  appStore.set(setLanguageAtom, 'en');
  try {
    const answer = await loadDownloads({
      params: {},
      language: 'en',
      signal: new AbortController().signal,
      store: appStore,
      api,
    });
    // The server answers each release's English changelog to an English page (#49).
    expect(calls).toEqual([{ url: '/api/versions/downloads/', language: 'en' }]);
    expect(answer).toEqual(RELEASES);
  } finally {
    appStore.set(setLanguageAtom, before);
  }
});
