import type { RequestMessages } from '@proxy/contract/forms';

/** The generic texts `@proxy/contract/forms` shows when a request got no answer or a 5xx. */
export const requestMessages = (t: (key: 'errors.network' | 'errors.unknown') => string): RequestMessages => ({
  networkError: t('errors.network'),
  unknownError: t('errors.unknown'),
});
