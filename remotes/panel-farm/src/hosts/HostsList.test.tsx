// #49: the hosts list warns of a host whose public address answered nothing on a proxy port when the API tried it:
// its customers' connection strings point nowhere. In both languages, under the name, so a phone shows it too.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { screenTests, sectionProviders, signIn, stubApi } from '@proxy/panel-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { HOST_ALL, host } from '../test/fixtures.ts';
import { HostsList } from './HostsList.tsx';

const HOSTS = [
  host(1, 'local', { public_host: '127.0.0.1', reachable: false }),
  host(2, 'msk-2', { reachable: true }),
  host(3, 'spb-1', { reachable: null }),
  host(4, 'old-api'),
];

const Providers = sectionProviders('panel-farm', { ru, en });
async function renderList(language: 'ru' | 'en') {
  const router = createMemoryRouter([{ path: '*', Component: HostsList }], {
    initialEntries: [`/${language}/panel/farm`],
  });
  await act(async () => {
    render(
      <Providers language={language}>
        <RouterProvider router={router} />
      </Providers>,
    );
  });
  await screen.findByRole('link', { name: 'local' });
}
const rowOf = (name: string) => within(screen.getByRole('link', { name }).closest('tr') as HTMLElement);

screenTests();

describe('the farm hosts list', () => {
  it.each([
    [
      'en',
      en.hosts.unreachable,
      "Nothing answers on 127.0.0.1 at its proxy ports: customers' connection strings point nowhere. Set the address customers reach.",
    ],
    [
      'ru',
      ru.hosts.unreachable,
      'На 127.0.0.1 никто не отвечает на портах прокси: строки подключения клиентов никуда не ведут. Укажите адрес, доступный клиентам.',
    ],
  ] as const)(
    'warns (%s) of a host whose address answers nothing, not of one that answers or was not tried',
    async (language, tag, help) => {
      signIn(HOST_ALL);
      stubApi(() => ({ body: HOSTS }));
      await renderList(language);
      expect(rowOf('local').getByText(tag)).toBeDefined();
      expect(rowOf('local').getByText(help)).toBeDefined();
      for (const name of ['msk-2', 'spb-1', 'old-api']) expect(rowOf(name).queryByText(tag)).toBeNull();
      cleanup();
    },
  );
});
