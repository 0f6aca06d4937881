import { testRefusals } from '../../test/refusals.ts';
import { ACCOUNT_REFUSALS } from './refusals.ts';

// The reference stack's texts (docs/auth-api-contract.md), byte for byte.
testRefusals('accounts', ACCOUNT_REFUSALS, {
  emailTaken: {
    refusal: ACCOUNT_REFUSALS.emailTaken(),
    status: 400,
    en: { email: ['A user is already registered with this e-mail address.'] },
    ru: { email: ['Пользователь с таким e-mail адресом уже зарегистрирован.'] },
  },
  registrationPasswordMismatch: {
    refusal: ACCOUNT_REFUSALS.registrationPasswordMismatch(),
    status: 400,
    en: { non_field_errors: ["The two password fields didn't match."] },
    ru: { non_field_errors: ['Пароли не совпадают.'] },
  },
  passwordTooSimilar: {
    refusal: ACCOUNT_REFUSALS.passwordTooSimilar(),
    status: 400,
    en: { non_field_errors: ['The password is too similar to the email address.'] },
    ru: { non_field_errors: ['Введённый пароль слишком похож на адрес электронной почты.'] },
  },
  mustIncludeEmailAndPassword: {
    refusal: ACCOUNT_REFUSALS.mustIncludeEmailAndPassword(),
    status: 400,
    en: { non_field_errors: ['Must include "email" and "password".'] },
    ru: { non_field_errors: ['Должно включать "email" и "password".'] },
  },
  unableToLogIn: {
    refusal: ACCOUNT_REFUSALS.unableToLogIn(),
    status: 400,
    en: { non_field_errors: ['Unable to log in with provided credentials.'] },
    ru: { non_field_errors: ['Невозможно войти в систему с указанными учётными данными.'] },
  },
  emailNotVerified: {
    refusal: ACCOUNT_REFUSALS.emailNotVerified(),
    status: 400,
    en: { non_field_errors: ['E-mail is not verified.'] },
    ru: { non_field_errors: ['E-mail не подтверждён.'] },
  },
  resetUidInvalid: {
    refusal: ACCOUNT_REFUSALS.resetUidInvalid(),
    status: 400,
    en: { uid: ['Invalid value'] },
    ru: { uid: ['Invalid value'] },
  },
  resetTokenInvalid: {
    refusal: ACCOUNT_REFUSALS.resetTokenInvalid(),
    status: 400,
    en: { token: ['Invalid value'] },
    ru: { token: ['Invalid value'] },
  },
  resetPasswordMismatch: {
    refusal: ACCOUNT_REFUSALS.resetPasswordMismatch(),
    status: 400,
    en: { new_password2: ['The two password fields didn’t match.'] },
    ru: { new_password2: ['Введенные пароли не совпадают.'] },
  },
  oldPasswordWrong: {
    refusal: ACCOUNT_REFUSALS.oldPasswordWrong(),
    status: 400,
    en: { old_password: ['Your old password was entered incorrectly. Please enter it again.'] },
    ru: { old_password: ['Ваш старый пароль введен неправильно. Пожалуйста, введите его снова.'] },
  },
  passwordWrong: {
    refusal: ACCOUNT_REFUSALS.passwordWrong(),
    status: 400,
    en: { password: ['The password is not correct.'] },
    ru: { password: ['Неверный пароль.'] },
  },
  emailInvalid: {
    refusal: ACCOUNT_REFUSALS.emailInvalid(),
    status: 400,
    en: { email: ['Enter a valid email address.'] },
    ru: { email: ['Введите правильный адрес электронной почты.'] },
  },
  emailUnchanged: {
    refusal: ACCOUNT_REFUSALS.emailUnchanged(),
    status: 400,
    en: { email: ['This is already your address.'] },
    ru: { email: ['Это и есть ваш текущий адрес.'] },
  },
  profileEmpty: {
    refusal: ACCOUNT_REFUSALS.profileEmpty(),
    status: 400,
    en: { subscribed: ['This field is required.'] },
    ru: { subscribed: ['Обязательное поле.'] },
  },
  unsubscribeTokenMissing: {
    refusal: ACCOUNT_REFUSALS.unsubscribeTokenMissing(),
    status: 400,
    en: { token: ['This field is required.'] },
    ru: { token: ['Обязательное поле.'] },
  },
  unsubscribeTokenBlank: {
    refusal: ACCOUNT_REFUSALS.unsubscribeTokenBlank(),
    status: 400,
    en: { token: ['This field may not be blank.'] },
    ru: { token: ['Это поле не может быть пустым.'] },
  },
  apiKeyLimit: {
    refusal: ACCOUNT_REFUSALS.apiKeyLimit({ max: 20 }),
    status: 409,
    en: { detail: 'An account may hold at most 20 API keys: revoke one you no longer use first.' },
    ru: { detail: 'У аккаунта может быть не больше 20 API-ключей: сначала отзовите ненужный.' },
  },
  twoFactorCodeWrong: {
    refusal: ACCOUNT_REFUSALS.twoFactorCodeWrong(),
    status: 400,
    en: { code: ['The code is not correct, or it was already used.'] },
    ru: { code: ['Код неверный или уже использован.'] },
  },
  twoFactorChallengeInvalid: {
    refusal: ACCOUNT_REFUSALS.twoFactorChallengeInvalid(),
    status: 400,
    en: { challenge: ['This sign-in has expired. Enter your e-mail and password again.'] },
    ru: { challenge: ['Время на вход истекло. Введите e-mail и пароль ещё раз.'] },
  },
  twoFactorAlreadyOn: {
    refusal: ACCOUNT_REFUSALS.twoFactorAlreadyOn(),
    status: 409,
    en: { detail: 'Two-factor authentication is already on.' },
    ru: { detail: 'Двухфакторная аутентификация уже включена.' },
  },
  twoFactorOff: {
    refusal: ACCOUNT_REFUSALS.twoFactorOff(),
    status: 409,
    en: { detail: 'Two-factor authentication is off.' },
    ru: { detail: 'Двухфакторная аутентификация выключена.' },
  },
  twoFactorNotStarted: {
    refusal: ACCOUNT_REFUSALS.twoFactorNotStarted(),
    status: 409,
    en: { detail: 'Start setting up the authenticator app first.' },
    ru: { detail: 'Сначала начните подключение приложения-аутентификатора.' },
  },
  passkeyRefused: {
    refusal: ACCOUNT_REFUSALS.passkeyRefused(),
    status: 400,
    en: { credential: ['The passkey was not accepted. Try again.'] },
    ru: { credential: ['Ключ доступа не принят. Попробуйте ещё раз.'] },
  },
  passkeyNone: {
    refusal: ACCOUNT_REFUSALS.passkeyNone(),
    status: 409,
    en: { detail: 'The account has no passkey.' },
    ru: { detail: 'У учётной записи нет ключей доступа.' },
  },
  twoFactorEnrolmentRequired: {
    refusal: ACCOUNT_REFUSALS.twoFactorEnrolmentRequired(),
    status: 403,
    en: { detail: 'Set up two-factor authentication on your account page before opening the panel.' },
    ru: { detail: 'Прежде чем открыть панель, подключите двухфакторную аутентификацию в личном кабинете.' },
  },
});
