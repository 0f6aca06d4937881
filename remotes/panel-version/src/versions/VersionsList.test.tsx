import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appStore, messageAtom } from '@proxy/contract/state';
import { ALL, release } from '../test/fixtures.ts';
import { queryOf, screenTests, signIn, stubApi, type Call } from '@proxy/panel-kit/testing';
import { renderRoutes } from '../test/setup.tsx';
import { VersionsList } from './VersionsList.tsx';

const ROWS = [
  release(1),
  release(2, {
    platform: 'windows',
    channel: 'beta',
    version_name: '1.3.0-beta.2',
    version_code: 1302,
    file: null,
    external_url: 'https://cdn.example.com/agent-1.3.0-beta.2.msi',
    url: 'https://cdn.example.com/agent-1.3.0-beta.2.msi',
    size: null,
    sha256: null,
    published: false,
    forced: true,
  }),
];

function answer(call: Call) {
  if (call.method === 'DELETE') return { status: 204 };
  return { body: { count: 42, next: null, previous: null, results: ROWS } };
}

const renderList = (path = '/en/panel/version') =>
  renderRoutes([{ path: '/en/panel/version', Component: VersionsList }, { path: '/en/panel/version/:id' }], path);

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

screenTests(ALL);

describe('the releases list', () => {
  it('shows platform, channel, version and code, badges, date and size, with the total', async () => {
    stubApi(answer);
    await renderList();
    await screen.findByRole('link', { name: '2.4.0' });
    const android = rowOf('2.4.0');
    expect(android.textContent).toContain('Android');
    expect(android.textContent).toContain('code 240');
    expect(within(android).getByText('Stable')).toBeDefined();
    expect(within(android).getByText('Published')).toBeDefined();
    expect(android.textContent).toContain('48.3 MB');
    // The day before the month, as the dashboard writes English dates (#49).
    expect(android.textContent).toContain('02/03/2026');
    const windows = rowOf('1.3.0-beta.2');
    expect(within(windows).getByText('Beta')).toBeDefined();
    expect(within(windows).getByText('Draft')).toBeDefined();
    expect(within(windows).getByText('Forced')).toBeDefined();
    expect(windows.textContent).toContain('external link');
    expect(screen.getByText('Total: 42')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Add release' })).toBeDefined();
  });

  it('sends the filters, search and sort in the URL to the API', async () => {
    const calls = stubApi(answer);
    const router = await renderList(
      '/en/panel/version?platform=android,linux&channel=beta&published=true&ordering=-version_code',
    );
    await screen.findByRole('link', { name: '2.4.0' });
    expect(queryOf(calls[0]?.url)).toEqual({
      platform: 'android,linux',
      channel: 'beta',
      published: 'true',
      ordering: '-version_code',
      page: '1',
      page_size: '20',
    });
    expect(calls[0]?.url.startsWith('/api/panel/versions/?')).toBe(true);
    await act(async () => {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: ' 2.4 ' } });
      fireEvent.click(screen.getByRole('button', { name: /Search$/ }));
    });
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('2.4');
    expect(queryOf(calls.at(-1)?.url)).toMatchObject({ search: '2.4', platform: 'android,linux' });
    // Sorting by release date.
    await act(async () => {
      fireEvent.click(screen.getByRole('columnheader', { name: /Release date/ }));
    });
    expect(new URLSearchParams(router.state.location.search).get('ordering')).toBe('released_at');
    expect(queryOf(calls.at(-1)?.url)).toMatchObject({ ordering: 'released_at' });
  });

  it('deletes a release after a confirmation that says its file goes too', async () => {
    const calls = stubApi(answer);
    await renderList();
    await screen.findByRole('link', { name: '2.4.0' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Android 2.4.0' }));
    expect(
      await screen.findByText(
        'Delete the release Android 2.4.0? Its uploaded file is deleted too. This cannot be undone.',
      ),
    ).toBeDefined();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    });
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/panel/versions/1/',
    ]);
    expect(appStore.get(messageAtom)).toMatchObject({ text: 'Deleted', color: 'success' });
  });

  it('offers neither add nor delete to a viewer', async () => {
    signIn(['versions.view_version']);
    stubApi(answer);
    await renderList();
    await screen.findByRole('link', { name: '2.4.0' });
    expect(screen.queryByRole('button', { name: 'Add release' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});
