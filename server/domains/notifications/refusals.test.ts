import { testRefusals } from '../../test/refusals.ts';
import { NOTIFICATION_REFUSALS } from './refusals.ts';

testRefusals('notifications', NOTIFICATION_REFUSALS, {
  urlInvalid: {
    refusal: NOTIFICATION_REFUSALS.urlInvalid(),
    status: 400,
    en: { url: ['Enter a full URL, such as https://example.com/hooks/proxy, without a user name or password.'] },
    ru: { url: ['Введите полный адрес, например https://example.com/hooks/proxy, без имени пользователя и пароля.'] },
  },
  urlScheme: {
    refusal: NOTIFICATION_REFUSALS.urlScheme(),
    status: 400,
    en: { url: ['The webhook URL must start with https://.'] },
    ru: { url: ['Адрес вебхука должен начинаться с https://.'] },
  },
  urlAddress: {
    refusal: NOTIFICATION_REFUSALS.urlAddress(),
    status: 400,
    en: { url: ['The webhook URL must point to a public internet address, not a private or local one.'] },
    ru: { url: ['Адрес вебхука должен вести в интернет, а не на частный или локальный адрес.'] },
  },
  noWebhook: {
    refusal: NOTIFICATION_REFUSALS.noWebhook(),
    status: 409,
    en: { detail: 'Set a webhook URL first.' },
    ru: { detail: 'Сначала укажите адрес вебхука.' },
  },
});
