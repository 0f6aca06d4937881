import { testRefusals } from '../../test/refusals.ts';
import { REPLACEMENT_REFUSALS } from './replacements-refusals.ts';

testRefusals('replacements', REPLACEMENT_REFUSALS, {
  noStock: {
    refusal: REPLACEMENT_REFUSALS.noStock(),
    status: 409,
    en: {
      detail:
        'No other modem of this place and operator is free now: try again later or move the proxy to another place.',
    },
    ru: {
      detail:
        'Другого свободного модема в этом месте у этого оператора сейчас нет: попробуйте позже или перенесите прокси в другое место.',
    },
  },
  inactive: {
    refusal: REPLACEMENT_REFUSALS.inactive(),
    status: 403,
    en: { detail: 'Only an active proxy can be replaced: renew it first.' },
    ru: { detail: 'Заменить можно только активный прокси: сначала продлите его.' },
  },
  trial: {
    refusal: REPLACEMENT_REFUSALS.trial(),
    status: 403,
    en: { detail: 'A free trial proxy cannot be replaced: renew it first, and it becomes an ordinary proxy.' },
    ru: { detail: 'Прокси бесплатного теста нельзя заменить: сначала продлите его, и он станет обычным прокси.' },
  },
  transferPending: {
    refusal: REPLACEMENT_REFUSALS.transferPending(),
    status: 409,
    en: { detail: 'This proxy is being transferred to another account: cancel the transfer to replace it.' },
    ru: { detail: 'Этот прокси передаётся другому аккаунту: отмените передачу, чтобы заменить его.' },
  },
  // The moment in UTC, worded by Intl in each language.
  limitReached: {
    refusal: REPLACEMENT_REFUSALS.limitReached({ next: new Date('2026-12-20T14:05:00Z') }),
    status: 429,
    en: {
      detail:
        'The replacement limit is used up: a proxy can be replaced 3 times in 30 days. The next replacement is possible from 20 Dec 2026, 14:05 UTC.',
    },
    ru: {
      detail:
        'Лимит замен исчерпан: прокси можно заменить 3 раза за 30 дней. Следующая замена возможна с 20 дек. 2026 г., 14:05 UTC.',
    },
  },
});
