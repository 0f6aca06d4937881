import { hasPermission } from '@proxy/contract/permissions';
import { useAtomValue, userAtom } from '@proxy/contract/state';
import { runRequest } from '@proxy/contract/forms';
import { useKitT } from './i18n/use-kit-t.ts';

/** A section's Django-style model permissions (`pages.view_page`, …): what its buttons follow. */
export interface ResourcePermissions {
  readonly view: string;
  readonly add: string;
  readonly change: string;
  readonly delete: string;
}

export interface Abilities {
  readonly canAdd: boolean;
  readonly canChange: boolean;
  readonly canDelete: boolean;
}

/**
 * What the signed-in user may do with a resource (viewing is the route's own guard). The API enforces the same
 * permissions; the UI only hides what would be refused.
 */
export function useAbilities(permissions: ResourcePermissions): Abilities {
  const user = useAtomValue(userAtom);
  return {
    canAdd: hasPermission(user, permissions.add),
    canChange: hasPermission(user, permissions.change),
    canDelete: hasPermission(user, permissions.delete),
  };
}

export type ActionMessage = 'saved' | 'created' | 'deleted' | 'reordered';

/**
 * Runs one panel action (a delete, a move, a switch) with the kit's toasts: its success message, or the error as
 * every form reports one. Answers the result, or undefined when it failed.
 */
export function useRunAction(): <T>(send: () => Promise<T>, done: ActionMessage) => Promise<T | undefined> {
  const { t } = useKitT();
  return async (send, done) => {
    const outcome = await runRequest(send, {
      saved: t(`messages.${done}`),
      networkError: t('messages.networkError'),
      unknownError: t('messages.unknownError'),
    });
    return outcome.ok ? outcome.value : undefined;
  };
}
