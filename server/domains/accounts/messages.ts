/**
 * The accounts domain's messages, in both languages: dj-rest-auth's, allauth's and Django's own texts with their
 * Russian translations where the reference stack answered them (docs/auth-api-contract.md: byte for byte), ours for the
 * user's own page.
 */
import type { Messages } from '../../lib/messages.ts';

export const ACCOUNT_MESSAGES = {
  // dj-rest-auth and allauth views (docs/auth-api-contract.md).
  verificationSent: { en: 'Verification e-mail sent.', ru: 'Письмо с подтверждением выслано.' },
  // Cyrillic о+к in Russian: the client compares with exactly this.
  ok: { en: 'ok', ru: 'ок' },
  emailTaken: {
    en: 'A user is already registered with this e-mail address.',
    ru: 'Пользователь с таким e-mail адресом уже зарегистрирован.',
  },
  registrationPasswordMismatch: { en: "The two password fields didn't match.", ru: 'Пароли не совпадают.' },
  mustIncludeEmailAndPassword: {
    en: 'Must include "email" and "password".',
    ru: 'Должно включать "email" и "password".',
  },
  unableToLogIn: {
    en: 'Unable to log in with provided credentials.',
    ru: 'Невозможно войти в систему с указанными учётными данными.',
  },
  emailNotVerified: { en: 'E-mail is not verified.', ru: 'E-mail не подтверждён.' },
  loggedOut: { en: 'Successfully logged out.', ru: 'Успешно вышли.' },
  passwordResetSent: {
    en: 'Password reset e-mail has been sent.',
    ru: 'Письмо с инструкциями по восстановлению пароля выслано.',
  },
  passwordResetDone: {
    en: 'Password has been reset with the new password.',
    ru: 'Пароль изменён на новый.',
  },
  // English in Russian too: the client shows its own "link expired" text when it sees a `token` error.
  invalidValue: { en: 'Invalid value', ru: 'Invalid value' },
  // U+2019 in the English text (Django's SetPasswordForm), unlike the registration message above.
  resetPasswordMismatch: { en: 'The two password fields didn’t match.', ru: 'Введенные пароли не совпадают.' },
  // Django's default password validators.
  passwordTooSimilar: {
    en: 'The password is too similar to the email address.',
    ru: 'Введённый пароль слишком похож на адрес электронной почты.',
  },
  passwordTooShort: {
    en: 'This password is too short. It must contain at least 8 characters.',
    ru: 'Введённый пароль слишком короткий. Он должен содержать как минимум 8 символов.',
  },
  passwordTooCommon: { en: 'This password is too common.', ru: 'Введённый пароль слишком широко распространён.' },
  passwordEntirelyNumeric: {
    en: 'This password is entirely numeric.',
    ru: 'Введённый пароль состоит только из цифр.',
  },
  // The user's own page (password and e-mail changes).
  oldPasswordWrong: {
    en: 'Your old password was entered incorrectly. Please enter it again.',
    ru: 'Ваш старый пароль введен неправильно. Пожалуйста, введите его снова.',
  },
  passwordChanged: { en: 'New password has been saved.', ru: 'Новый пароль сохранён.' },
  passwordWrong: { en: 'The password is not correct.', ru: 'Неверный пароль.' },
  emailUnchanged: { en: 'This is already your address.', ru: 'Это и есть ваш текущий адрес.' },
  emailChangeSent: {
    en: 'A confirmation link has been sent to the new address.',
    ru: 'Ссылка для подтверждения отправлена на новый адрес.',
  },
  // Two-factor sign-in (issue #48).
  twoFactorCodeWrong: {
    en: 'The code is not correct, or it was already used.',
    ru: 'Код неверный или уже использован.',
  },
  twoFactorChallengeInvalid: {
    en: 'This sign-in has expired. Enter your e-mail and password again.',
    ru: 'Время на вход истекло. Введите e-mail и пароль ещё раз.',
  },
  twoFactorAlreadyOn: {
    en: 'Two-factor authentication is already on.',
    ru: 'Двухфакторная аутентификация уже включена.',
  },
  twoFactorOff: { en: 'Two-factor authentication is off.', ru: 'Двухфакторная аутентификация выключена.' },
  twoFactorNotStarted: {
    en: 'Start setting up the authenticator app first.',
    ru: 'Сначала начните подключение приложения-аутентификатора.',
  },
  twoFactorDisabled: {
    en: 'Two-factor authentication is now off.',
    ru: 'Двухфакторная аутентификация выключена.',
  },
  twoFactorReset: {
    en: 'Two-factor authentication of the account was reset; its devices were signed out.',
    ru: 'Двухфакторная аутентификация аккаунта сброшена, все его устройства вышли из учётной записи.',
  },
  twoFactorEnrolmentRequired: {
    en: 'Set up two-factor authentication on your account page before opening the panel.',
    ru: 'Прежде чем открыть панель, подключите двухфакторную аутентификацию в личном кабинете.',
  },
  // Passkeys and step-up (issue #48).
  passkeyRefused: {
    en: 'The passkey was not accepted. Try again.',
    ru: 'Ключ доступа не принят. Попробуйте ещё раз.',
  },
  passkeyNone: { en: 'The account has no passkey.', ru: 'У учётной записи нет ключей доступа.' },
  passkeyRemoved: { en: 'The passkey was removed.', ru: 'Ключ доступа удалён.' },
  stepUpRequired: {
    en: 'Confirm it is you: enter a code from your authenticator app or use a passkey.',
    ru: 'Подтвердите, что это вы: введите код из приложения-аутентификатора или используйте ключ доступа.',
  },
  stepUpDone: { en: 'Confirmed.', ru: 'Подтверждено.' },
  // The customer API's keys (issue #30).
  apiKeyLimit: ({ max }: { readonly max: number }) => ({
    en: `An account may hold at most ${max} API keys: revoke one you no longer use first.`,
    ru: `У аккаунта может быть не больше ${max} API-ключей: сначала отзовите ненужный.`,
  }),
} as const satisfies Messages;
