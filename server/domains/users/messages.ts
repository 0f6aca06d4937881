/** The panel's Users section's messages, in both languages. */
import type { Messages } from '../../lib/messages.ts';

export const PEOPLE_MESSAGES = {
  ownSuperuser: {
    en: 'You cannot take away your own superuser status.',
    ru: 'Нельзя снять статус суперпользователя с самого себя.',
  },
  ownBlock: { en: 'You cannot block yourself.', ru: 'Нельзя заблокировать самого себя.' },
  balanceWouldBeNegative: {
    en: 'The balance cannot go below zero.',
    ru: 'Баланс не может стать отрицательным.',
  },
} as const satisfies Messages;
