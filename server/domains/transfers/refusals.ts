/**
 * How transfers word their refusals, in the request's language: field errors in DRF's shape for an offer the form
 * can fix (`{"email": [...]}`, `{"proxy_id": [...]}`), and 409 `{detail}` for an answer to an offer that can no
 * longer be given. The texts live here rather than in lib/messages.ts: only this domain says them.
 */
import type { Language } from '@proxy/contract/languages';
import type { TransferState } from '@proxy/contract/schemas/transfers';
import { fieldError } from '../../lib/drf-errors.ts';
import { HttpError } from '../../lib/http-error.ts';

type Text = Readonly<Record<Language, string>>;

/** Why an offer was refused; nothing was written. */
export type OfferRefusal = 'self' | 'proxy_inactive' | 'pending';

/** Why an answer to an offer was refused (an offer that lapsed meanwhile has been written `expired`). */
export type AnswerRefusal =
  | { readonly kind: 'decided'; readonly state: Exclude<TransferState, 'pending'> }
  | { readonly kind: 'proxy_expired' | 'proxy_suspended' | 'proxy_gone' };

/** An offer the form must change; thrown inside the offer's transaction, so it rolls back. */
export class TransferRefusal extends Error {
  readonly reason: OfferRefusal;

  constructor(reason: OfferRefusal) {
    super(`transfer refused: ${reason}`);
    this.name = 'TransferRefusal';
    this.reason = reason;
  }
}

const OFFER: Readonly<Record<OfferRefusal, { readonly field: 'email' | 'proxy_id'; readonly text: Text }>> = {
  self: {
    field: 'email',
    text: { en: 'You cannot offer a proxy to yourself.', ru: 'Нельзя передать прокси самому себе.' },
  },
  proxy_inactive: {
    field: 'proxy_id',
    text: {
      en: 'Only an active proxy can be handed over: renew it first.',
      ru: 'Передать можно только активный прокси: сначала продлите его.',
    },
  },
  pending: {
    field: 'proxy_id',
    text: {
      en: 'This proxy has already been offered: cancel that offer or wait for the answer.',
      ru: 'Этот прокси уже предложен: отмените то предложение или дождитесь ответа.',
    },
  },
};

const DECIDED: Readonly<Record<Exclude<TransferState, 'pending'>, Text>> = {
  accepted: { en: 'This offer has already been accepted.', ru: 'Это предложение уже принято.' },
  declined: { en: 'This offer has already been declined.', ru: 'Это предложение уже отклонено.' },
  cancelled: { en: 'This offer has been cancelled by the sender.', ru: 'Отправитель отменил это предложение.' },
  expired: {
    en: 'This offer has expired: it was not answered in time.',
    ru: 'Срок этого предложения истёк: на него не ответили вовремя.',
  },
};

const PROXY: Readonly<Record<Exclude<AnswerRefusal['kind'], 'decided'>, Text>> = {
  proxy_expired: {
    en: 'The proxy has expired; the sender must renew it first.',
    ru: 'Срок прокси истёк: отправитель должен сначала его продлить.',
  },
  proxy_suspended: {
    en: 'The proxy is suspended and cannot be handed over now.',
    ru: 'Прокси приостановлен, передать его сейчас нельзя.',
  },
  proxy_gone: {
    en: 'The proxy is no longer the sender’s to hand over.',
    ru: 'Этот прокси больше не принадлежит отправителю.',
  },
};

/** 400 with the refused field's message. */
export function offerRefused(reason: OfferRefusal, language: Language): HttpError {
  const { field, text } = OFFER[reason];
  return fieldError(field, text[language]);
}

/** 409 `{detail}` saying what state the offer (or its proxy) is in. */
export function answerRefused(refusal: AnswerRefusal, language: Language): HttpError {
  const text = refusal.kind === 'decided' ? DECIDED[refusal.state] : PROXY[refusal.kind];
  return new HttpError(409, { detail: text[language] });
}
