/** The notifications domain's messages, in both languages: why a webhook URL or a test send is refused. */
import type { Messages } from '../../lib/messages.ts';

export const NOTIFICATION_MESSAGES = {
  urlInvalid: {
    en: 'Enter a full URL, such as https://example.com/hooks/proxy, without a user name or password.',
    ru: 'Введите полный адрес, например https://example.com/hooks/proxy, без имени пользователя и пароля.',
  },
  urlScheme: { en: 'The webhook URL must start with https://.', ru: 'Адрес вебхука должен начинаться с https://.' },
  urlAddress: {
    en: 'The webhook URL must point to a public internet address, not a private or local one.',
    ru: 'Адрес вебхука должен вести в интернет, а не на частный или локальный адрес.',
  },
  noWebhook: { en: 'Set a webhook URL first.', ru: 'Сначала укажите адрес вебхука.' },
} as const satisfies Messages;
