/**
 * Transfers' messages, in both languages: field errors for an offer the form can fix, and what state an offer (or its
 * proxy) is in when an answer to it can no longer be given.
 */
import type { TransferState } from '@proxy/contract/schemas/transfers';
import type { Messages, Text } from '../../lib/messages.ts';

const DECIDED: Readonly<Record<Exclude<TransferState, 'pending'>, Text>> = {
  accepted: { en: 'This offer has already been accepted.', ru: 'Это предложение уже принято.' },
  declined: { en: 'This offer has already been declined.', ru: 'Это предложение уже отклонено.' },
  cancelled: { en: 'This offer has been cancelled by the sender.', ru: 'Отправитель отменил это предложение.' },
  expired: {
    en: 'This offer has expired: it was not answered in time.',
    ru: 'Срок этого предложения истёк: на него не ответили вовремя.',
  },
};

export const TRANSFER_MESSAGES = {
  self: { en: 'You cannot offer a proxy to yourself.', ru: 'Нельзя передать прокси самому себе.' },
  proxyInactive: {
    en: 'Only an active proxy can be handed over: renew it first.',
    ru: 'Передать можно только активный прокси: сначала продлите его.',
  },
  trial: {
    en: 'A free trial proxy cannot be handed over: renew it first, and it becomes an ordinary proxy.',
    ru: 'Прокси бесплатного теста нельзя передать: сначала продлите его, и он станет обычным прокси.',
  },
  pending: {
    en: 'This proxy has already been offered: cancel that offer or wait for the answer.',
    ru: 'Этот прокси уже предложен: отмените то предложение или дождитесь ответа.',
  },
  decided: ({ state }: { readonly state: Exclude<TransferState, 'pending'> }) => DECIDED[state],
  proxyExpired: {
    en: 'The proxy has expired; the sender must renew it first.',
    ru: 'Срок прокси истёк: отправитель должен сначала его продлить.',
  },
  proxySuspended: {
    en: 'The proxy is suspended and cannot be handed over now.',
    ru: 'Прокси приостановлен, передать его сейчас нельзя.',
  },
  proxyGone: {
    en: 'The proxy is no longer the sender’s to hand over.',
    ru: 'Этот прокси больше не принадлежит отправителю.',
  },
} as const satisfies Messages;
