/** What notifications refuse: a webhook URL the form can fix (400 on `url`), and a test send with no webhook (409). */
import { defineRefusals } from '../../lib/refusal.ts';
import { NOTIFICATION_MESSAGES } from './messages.ts';

export const NOTIFICATION_REFUSALS = defineRefusals('notifications', {
  urlInvalid: { status: 400, field: 'url', message: NOTIFICATION_MESSAGES.urlInvalid },
  urlScheme: { status: 400, field: 'url', message: NOTIFICATION_MESSAGES.urlScheme },
  urlAddress: { status: 400, field: 'url', message: NOTIFICATION_MESSAGES.urlAddress },
  noWebhook: { status: 409, message: NOTIFICATION_MESSAGES.noWebhook },
});
