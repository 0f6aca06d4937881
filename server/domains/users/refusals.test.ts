import { testRefusals } from '../../test/refusals.ts';
import { PEOPLE_REFUSALS } from './refusals.ts';

testRefusals('users', PEOPLE_REFUSALS, {
  forbidden: {
    refusal: PEOPLE_REFUSALS.forbidden(),
    status: 403,
    en: { detail: 'You do not have permission to perform this action.' },
    ru: { detail: 'У вас нет прав для выполнения этой операции.' },
  },
  ownSuperuser: {
    refusal: PEOPLE_REFUSALS.ownSuperuser(),
    status: 400,
    en: { is_superuser: ['You cannot take away your own superuser status.'] },
    ru: { is_superuser: ['Нельзя снять статус суперпользователя с самого себя.'] },
  },
  ownBlock: {
    refusal: PEOPLE_REFUSALS.ownBlock(),
    status: 400,
    en: { is_active: ['You cannot block yourself.'] },
    ru: { is_active: ['Нельзя заблокировать самого себя.'] },
  },
  balanceWouldBeNegative: {
    refusal: PEOPLE_REFUSALS.balanceWouldBeNegative(),
    status: 400,
    en: { amount: ['The balance cannot go below zero.'] },
    ru: { amount: ['Баланс не может стать отрицательным.'] },
  },
});
