/** The customer API's own messages (issue #30), in both languages. */
import type { Messages } from '../../lib/messages.ts';

export const CUSTOMER_API_MESSAGES = {
  missingScope: ({ scope }: { readonly scope: string }) => ({
    en: `This API key lacks the "${scope}" scope.`,
    ru: `У этого API-ключа нет права «${scope}».`,
  }),
} as const satisfies Messages;
