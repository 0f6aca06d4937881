import { signIn } from '@proxy/panel-kit/testing';
import type { PanelUserDetail } from '@proxy/contract/schemas/users';
import { appStore, setUserAtom, userAtom } from '@proxy/contract/state';
import { UserEdit } from '../users/UserEdit.tsx';
import { renderRoutes } from './setup.tsx';

/** The account's screen at `/en/panel/users/{id}[?query]`, its loader answering `user`. */
export const renderUser = (user: PanelUserDetail, query = '') =>
  renderRoutes(
    [
      { path: '/en/panel/users/:id', Component: UserEdit, loader: () => user },
      { path: '/en/panel/users' },
      { path: '/en/user/:id' },
    ],
    `/en/panel/users/${user.id}${query}`,
  );

/** A signed-in superuser (id 1), with no permission strings of their own. */
export function signInSuperuser(): void {
  signIn([]);
  const staff = appStore.get(userAtom);
  if (staff) appStore.set(setUserAtom, { ...staff, is_superuser: true });
}
