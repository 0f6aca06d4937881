import type { RequestMessages } from '@proxy/contract/forms';
import { useKitT } from './i18n/use-kit-t.ts';

/** The generic texts `@proxy/contract/forms` shows when a request got no answer or a 5xx, in the kit's words. */
export function useRequestMessages(): RequestMessages {
  const { t } = useKitT();
  return { networkError: t('errors.network'), unknownError: t('errors.unknown') };
}
