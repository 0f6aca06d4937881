import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PanelUserDetail } from '@proxy/contract/schemas/users';
import { appStore, setUserAtom, userAtom } from '@proxy/contract/state';
import { UserEdit } from '../users/UserEdit.tsx';
import { Providers, signIn } from './setup.tsx';

/** The account's screen at `/en/panel/users/{id}[?query]`, its loader answering `user`. */
export async function renderUser(user: PanelUserDetail, query = '') {
  const router = createMemoryRouter(
    [
      { path: '/en/panel/users/:id', Component: UserEdit, loader: () => user },
      { path: '/en/panel/users', Component: () => null },
      { path: '/en/user/:id', Component: () => null },
    ],
    { initialEntries: [`/en/panel/users/${user.id}${query}`] },
  );
  await act(async () => {
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
  });
  return router;
}

/** A signed-in superuser (id 1), with no permission strings of their own. */
export function signInSuperuser(): void {
  signIn([]);
  const staff = appStore.get(userAtom);
  if (staff) appStore.set(setUserAtom, { ...staff, is_superuser: true });
}
