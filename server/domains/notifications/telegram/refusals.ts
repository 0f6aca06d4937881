/** What the Telegram routes refuse, in the project's one refusal shape. */
import { defineRefusals } from '../../../lib/refusal.ts';
import { TELEGRAM_MESSAGES } from './messages.ts';

export const TELEGRAM_REFUSALS = defineRefusals('telegram', {
  tokenRejected: { status: 400, field: 'token', message: TELEGRAM_MESSAGES.tokenRejected },
  telegramUnreachable: { status: 502, message: TELEGRAM_MESSAGES.telegramUnreachable },
  notAvailable: { status: 409, message: TELEGRAM_MESSAGES.notAvailable },
});
