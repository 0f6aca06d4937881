import { testRefusals } from '../../test/refusals.ts';
import { TRANSFER_REFUSALS } from './refusals.ts';

testRefusals('transfers', TRANSFER_REFUSALS, {
  self: {
    refusal: TRANSFER_REFUSALS.self(),
    status: 400,
    en: { email: ['You cannot offer a proxy to yourself.'] },
    ru: { email: ['Нельзя передать прокси самому себе.'] },
  },
  proxyInactive: {
    refusal: TRANSFER_REFUSALS.proxyInactive(),
    status: 400,
    en: { proxy_id: ['Only an active proxy can be handed over: renew it first.'] },
    ru: { proxy_id: ['Передать можно только активный прокси: сначала продлите его.'] },
  },
  trial: {
    refusal: TRANSFER_REFUSALS.trial(),
    status: 400,
    en: { proxy_id: ['A free trial proxy cannot be handed over: renew it first, and it becomes an ordinary proxy.'] },
    ru: { proxy_id: ['Прокси бесплатного теста нельзя передать: сначала продлите его, и он станет обычным прокси.'] },
  },
  pending: {
    refusal: TRANSFER_REFUSALS.pending(),
    status: 400,
    en: { proxy_id: ['This proxy has already been offered: cancel that offer or wait for the answer.'] },
    ru: { proxy_id: ['Этот прокси уже предложен: отмените то предложение или дождитесь ответа.'] },
  },
  decided: {
    refusal: TRANSFER_REFUSALS.decided({ state: 'cancelled' }),
    status: 409,
    en: { detail: 'This offer has been cancelled by the sender.' },
    ru: { detail: 'Отправитель отменил это предложение.' },
  },
  proxyExpired: {
    refusal: TRANSFER_REFUSALS.proxyExpired(),
    status: 409,
    en: { detail: 'The proxy has expired; the sender must renew it first.' },
    ru: { detail: 'Срок прокси истёк: отправитель должен сначала его продлить.' },
  },
  proxySuspended: {
    refusal: TRANSFER_REFUSALS.proxySuspended(),
    status: 409,
    en: { detail: 'The proxy is suspended and cannot be handed over now.' },
    ru: { detail: 'Прокси приостановлен, передать его сейчас нельзя.' },
  },
  proxyGone: {
    refusal: TRANSFER_REFUSALS.proxyGone(),
    status: 409,
    en: { detail: 'The proxy is no longer the sender’s to hand over.' },
    ru: { detail: 'Этот прокси больше не принадлежит отправителю.' },
  },
});
