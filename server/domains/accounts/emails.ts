/**
 * The site's e-mails in the recipient's language: plain text plus a simple HTML part. Links point at the site
 * (PUBLIC_URL), whose client reads `?email_key=`, `?uid=&token=` and `?unsubscribe=` on load
 * (docs/auth-api-contract.md, "Links in e-mails"). Each is titled and signed with the site's name (SITE_NAME), the name
 * its pages carry, never its host and port.
 */
import { localizePath, type Language } from '@proxy/contract/languages';
import { escapeHtml } from '../../lib/html.ts';
import { renderEmail as render, type EmailTemplate as Template } from '../../lib/email-template.ts';
import type { EmailContent } from '../../lib/email-template.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import type { User } from './users-repository.ts';

/**
 * The site's home in the recipient's language with the link's parameters (`https://site/en/?email_key=…`): the link
 * opens the site in the language the e-mail was written in.
 */
export function siteLink(publicUrl: string, language: Language, params: Readonly<Record<string, string>>): string {
  const home = localizePath('/', language).replace(/\/?$/, '/');
  return `${publicUrl}${home}?${new URLSearchParams(params).toString()}`;
}

export function emailConfirmationEmail(options: {
  readonly language: Language;
  readonly publicUrl: string;
  readonly siteName: string;
  readonly email: string;
  readonly key: string;
}): EmailContent {
  const site = options.siteName;
  const link = siteLink(options.publicUrl, options.language, { email_key: options.key });
  const template: Template =
    options.language === 'ru'
      ? {
          subject: `Подтвердите адрес электронной почты — ${site}`,
          greeting: 'Здравствуйте!',
          paragraphs: [
            `Адрес ${options.email} указан при регистрации на ${site}.`,
            'Чтобы подтвердить его и войти в личный кабинет, перейдите по ссылке:',
          ],
          action: 'Подтвердить адрес',
          after: ['Ссылка действует 3 дня. Если вы не регистрировались, просто проигнорируйте это письмо.'],
        }
      : {
          subject: `Confirm your e-mail address — ${site}`,
          greeting: 'Hello!',
          paragraphs: [
            `The address ${options.email} was used to register an account on ${site}.`,
            'To confirm it and sign in, follow this link:',
          ],
          action: 'Confirm address',
          after: ['The link is valid for 3 days. If you did not register, just ignore this e-mail.'],
        };
  return render(template, link, site, options.language);
}

export function passwordResetEmail(options: {
  readonly language: Language;
  readonly publicUrl: string;
  readonly siteName: string;
  readonly uid: string;
  readonly token: string;
}): EmailContent {
  const site = options.siteName;
  const link = siteLink(options.publicUrl, options.language, { uid: options.uid, token: options.token });
  const template: Template =
    options.language === 'ru'
      ? {
          subject: `Восстановление пароля — ${site}`,
          greeting: 'Здравствуйте!',
          paragraphs: [
            `Кто-то (возможно, вы) запросил смену пароля для вашей учётной записи на ${site}.`,
            'Чтобы задать новый пароль, перейдите по ссылке:',
          ],
          action: 'Задать новый пароль',
          after: [
            'Ссылка действует 3 дня и только один раз. Если вы не запрашивали смену пароля, проигнорируйте это письмо: пароль останется прежним.',
          ],
        }
      : {
          subject: `Password reset — ${site}`,
          greeting: 'Hello!',
          paragraphs: [
            `Someone (probably you) asked to reset the password of your account on ${site}.`,
            'To choose a new password, follow this link:',
          ],
          action: 'Choose a new password',
          after: [
            'The link is valid for 3 days and works once. If you did not ask for this, ignore this e-mail: your password stays the same.',
          ],
        };
  return render(template, link, site, options.language);
}

/** To the new address of an e-mail change: the link that makes it the account's (`/?email_change=<key>`). */
export function emailChangeEmail(options: {
  readonly language: Language;
  readonly publicUrl: string;
  readonly siteName: string;
  readonly email: string;
  readonly key: string;
}): EmailContent {
  const site = options.siteName;
  const link = siteLink(options.publicUrl, options.language, { email_change: options.key });
  const template: Template =
    options.language === 'ru'
      ? {
          subject: `Подтвердите новый адрес электронной почты — ${site}`,
          greeting: 'Здравствуйте!',
          paragraphs: [
            `Адрес ${options.email} указан как новый для учётной записи на ${site}.`,
            'Чтобы входить с ним и получать на него письма, перейдите по ссылке:',
          ],
          action: 'Подтвердить адрес',
          after: ['Ссылка действует 3 дня. Если вы ничего не меняли, просто проигнорируйте это письмо.'],
        }
      : {
          subject: `Confirm your new e-mail address — ${site}`,
          greeting: 'Hello!',
          paragraphs: [
            `The address ${options.email} was given as the new address of an account on ${site}.`,
            'To sign in with it and receive mail there, follow this link:',
          ],
          action: 'Confirm address',
          after: ['The link is valid for 3 days. If you changed nothing, just ignore this e-mail.'],
        };
  return render(template, link, site, options.language);
}

/** To the old address once an e-mail change is confirmed: what happened, and where to look if it was not them. */
export function emailChangedEmail(options: {
  readonly language: Language;
  readonly publicUrl: string;
  readonly siteName: string;
  readonly email: string;
}): EmailContent {
  const site = options.siteName;
  const link = `${options.publicUrl}${localizePath('/user', options.language)}`;
  const template: Template =
    options.language === 'ru'
      ? {
          subject: `Адрес электронной почты изменён — ${site}`,
          greeting: 'Здравствуйте!',
          paragraphs: [
            `Адрес вашей учётной записи на ${site} изменён на ${options.email}. Письма теперь приходят туда.`,
            'Если это сделали не вы, восстановите пароль и напишите в поддержку. Личный кабинет:',
          ],
          action: 'Открыть личный кабинет',
          after: [],
        }
      : {
          subject: `Your e-mail address was changed — ${site}`,
          greeting: 'Hello!',
          paragraphs: [
            `The address of your account on ${site} was changed to ${options.email}. Mail now goes there.`,
            'If this was not you, reset your password and contact support. Your account:',
          ],
          action: 'Open my account',
          after: [],
        };
  return render(template, link, site, options.language);
}

/**
 * Appends the mailing footer with the unsubscribe link (`/?unsubscribe=<token>`) to a mailing's text and HTML.
 * Every mailing to subscribers goes out with it; account mails (confirmation, reset) do not need it.
 */
export function withMailingFooter(
  content: EmailContent,
  options: {
    readonly language: Language;
    readonly publicUrl: string;
    readonly siteName: string;
    readonly unsubscribeToken: string;
  },
): EmailContent {
  const link = siteLink(options.publicUrl, options.language, { unsubscribe: options.unsubscribeToken });
  const site = options.siteName;
  const line =
    options.language === 'ru'
      ? `Вы получили это письмо как подписчик рассылки ${site}. Отписаться:`
      : `You receive this e-mail as a subscriber of the ${site} mailing list. Unsubscribe:`;
  const action = options.language === 'ru' ? 'Отписаться от рассылки' : 'Unsubscribe';
  const footerHtml =
    `<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 12px">` +
    `<p style="margin:0;color:#666;font-size:12px">${escapeHtml(line)} ` +
    `<a href="${escapeHtml(link)}" style="color:#666">${escapeHtml(action)}</a></p>`;
  return {
    subject: content.subject,
    text: `${content.text}\n--\n${line}\n${link}\n`,
    html: content.html.includes('</body>')
      ? content.html.replace('</body>', `${footerHtml}\n</body>`)
      : content.html + footerHtml,
  };
}

/** What changed about an account's second factor, for the mail that tells its owner. */
export type TwoFactorChange =
  'enabled' | 'disabled' | 'recovery_codes_regenerated' | 'reset' | 'passkey_added' | 'passkey_removed';

/**
 * To the account's address on every change of its second factor (issue #48): what happened, that the other devices
 * were signed out, and where to look if it was not them. No secret and no code in it.
 */
export function twoFactorChangedEmail(options: {
  readonly language: Language;
  readonly publicUrl: string;
  readonly siteName: string;
  readonly change: TwoFactorChange;
}): EmailContent {
  const site = options.siteName;
  const link = `${options.publicUrl}${localizePath('/user', options.language)}`;
  const ru = {
    enabled: 'Для входа в вашу учётную запись теперь нужен код из приложения-аутентификатора.',
    disabled: 'Двухфакторная аутентификация вашей учётной записи выключена: для входа снова достаточно пароля.',
    recovery_codes_regenerated: 'Для вашей учётной записи созданы новые резервные коды; прежние больше не действуют.',
    reset:
      'Сотрудник поддержки сбросил двухфакторную аутентификацию вашей учётной записи: для входа снова достаточно пароля.',
    passkey_added: 'К вашей учётной записи добавлен ключ доступа: им теперь можно войти.',
    passkey_removed: 'Ключ доступа удалён из вашей учётной записи: войти им больше нельзя.',
  } as const;
  const en = {
    enabled: 'Signing in to your account now takes a code from your authenticator app.',
    disabled: 'Two-factor authentication of your account was turned off: your password alone signs in again.',
    recovery_codes_regenerated: 'New recovery codes were made for your account; the old ones no longer work.',
    reset: 'Support staff reset the two-factor authentication of your account: your password alone signs in again.',
    passkey_added: 'A passkey was added to your account: it can now sign in.',
    passkey_removed: 'A passkey was removed from your account: it no longer signs in.',
  } as const;
  const template: Template =
    options.language === 'ru'
      ? {
          subject: `Двухфакторная аутентификация изменена — ${site}`,
          greeting: 'Здравствуйте!',
          paragraphs: [
            `${ru[options.change]} Все остальные устройства вышли из учётной записи на ${site}.`,
            'Если это сделали не вы, восстановите пароль и напишите в поддержку. Личный кабинет:',
          ],
          action: 'Открыть личный кабинет',
          after: [],
        }
      : {
          subject: `Two-factor authentication changed — ${site}`,
          greeting: 'Hello!',
          paragraphs: [
            `${en[options.change]} Every other device was signed out of your account on ${site}.`,
            'If this was not you, reset your password and contact support. Your account:',
          ],
          action: 'Open my account',
          after: [],
        };
  return render(template, link, site, options.language);
}

/** Mails `user` that their second factors changed (`twoFactorChangedEmail`): what the factor routes call on each change. */
export function factorChangeMailer(mailer: Mailer, site: { readonly publicUrl: string; readonly siteName: string }) {
  return (user: User, change: TwoFactorChange) =>
    mailer.send({
      kind: 'two_factor_changed',
      userId: user.id,
      to: user.email,
      language: user.language,
      content: twoFactorChangedEmail({ ...site, language: user.language, change }),
      secrets: [],
    });
}
