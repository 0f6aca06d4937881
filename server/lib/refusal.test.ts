// The refusals any route may give, and the shape every refusal has: the errors plugin answers each in the request's
// language, as DRF does.
import { describe, expect, it } from 'vitest';
import { testRefusals } from '../test/refusals.ts';
import { IDEMPOTENCY_REFUSALS } from './idempotency.ts';
import { COMMON_REFUSALS, defineRefusals, Refusal } from './refusal.ts';

testRefusals('common', COMMON_REFUSALS, {
  notFound: {
    refusal: COMMON_REFUSALS.notFound(),
    status: 404,
    en: { detail: 'Not found.' },
    ru: { detail: 'Страница не найдена.' },
  },
  invalidPage: {
    refusal: COMMON_REFUSALS.invalidPage(),
    status: 404,
    en: { detail: 'Invalid page.' },
    ru: { detail: 'Неправильная страница.' },
  },
  permissionDenied: {
    refusal: COMMON_REFUSALS.permissionDenied(),
    status: 403,
    en: { detail: 'You do not have permission to perform this action.' },
    ru: { detail: 'У вас нет прав для выполнения этой операции.' },
  },
  unsupportedMediaType: {
    refusal: COMMON_REFUSALS.unsupportedMediaType({ mediaType: 'text/plain' }),
    status: 415,
    en: { detail: 'Unsupported media type "text/plain" in request.' },
    ru: { detail: 'Неподдерживаемый тип данных "text/plain" в запросе.' },
  },
  malformedBody: {
    refusal: COMMON_REFUSALS.malformedBody(),
    status: 400,
    en: { detail: 'Malformed request.' },
    ru: { detail: 'Искаженный запрос.' },
  },
  bodyTooLarge: {
    refusal: COMMON_REFUSALS.bodyTooLarge(),
    status: 413,
    en: { detail: 'Request body is too large.' },
    ru: { detail: 'Слишком большой размер запроса.' },
  },
  badReorder: {
    refusal: COMMON_REFUSALS.badReorder(),
    status: 400,
    en: { ids: ['List every item of the list exactly once.'] },
    ru: { ids: ['Передайте каждый элемент списка ровно один раз.'] },
  },
});

testRefusals('idempotency', IDEMPOTENCY_REFUSALS, {
  badKey: {
    refusal: IDEMPOTENCY_REFUSALS.badKey(),
    status: 400,
    en: { detail: 'The Idempotency-Key header must be 1 to 255 visible characters.' },
    ru: { detail: 'Заголовок Idempotency-Key должен содержать от 1 до 255 видимых символов.' },
  },
  keyRequired: {
    refusal: IDEMPOTENCY_REFUSALS.keyRequired(),
    status: 400,
    en: { detail: 'Send an Idempotency-Key header (1 to 255 visible characters) so that a retry never pays twice.' },
    ru: {
      detail:
        'Передайте заголовок Idempotency-Key (от 1 до 255 видимых символов), чтобы повтор запроса не списал деньги дважды.',
    },
  },
  mismatch: {
    refusal: IDEMPOTENCY_REFUSALS.mismatch(),
    status: 422,
    en: { detail: 'This Idempotency-Key was already used for another request.' },
    ru: { detail: 'Этот Idempotency-Key уже использован для другого запроса.' },
  },
});

describe('a refusal', () => {
  const KINDS = defineRefusals('example', {
    taken: { status: 400, field: 'name', message: { en: 'Taken.', ru: 'Занято.' } },
    tooMany: {
      status: 409,
      message: ({ left }: { left: number }) => ({ en: `${left} left.`, ru: `Осталось: ${left}.` }),
    },
  });

  it('is an error with its code, status, field and message in every language, its parameters worded in', () => {
    const refusal = KINDS.tooMany({ left: 2 });
    expect(refusal).toBeInstanceOf(Error);
    expect(refusal).toMatchObject({ code: 'example.tooMany', status: 409, field: null });
    expect(refusal.text).toEqual({ en: '2 left.', ru: 'Осталось: 2.' });
    expect(refusal.body('ru')).toEqual({ detail: 'Осталось: 2.' });
    expect(KINDS.taken().body('en')).toEqual({ name: ['Taken.'] });
  });

  it('keeps what led to it as its cause, and is told apart by its kind', () => {
    const cause = new Error('duplicate key value violates unique constraint');
    const refusal = KINDS.taken({ cause });
    expect(refusal.cause).toBe(cause);
    expect(Refusal.is(refusal, KINDS.taken)).toBe(true);
    expect(Refusal.is(refusal, KINDS.tooMany)).toBe(false);
    expect(Refusal.is(cause, KINDS.taken)).toBe(false);
  });
});
