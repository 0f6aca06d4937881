/** The Telegram bot's messages (issue #30): the panel's and /user's refusals, and what the bot says in chats. */
import type { Messages } from '../../../lib/messages.ts';

export const TELEGRAM_MESSAGES = {
  tokenRejected: {
    en: 'Telegram did not accept this token: check it with @BotFather.',
    ru: 'Telegram не принял этот токен: проверьте его у @BotFather.',
  },
  telegramUnreachable: {
    en: 'Telegram did not answer: the token was not saved. Try again later.',
    ru: 'Telegram не ответил: токен не сохранён. Попробуйте позже.',
  },
  notAvailable: {
    en: 'Telegram is not available on this site yet.',
    ru: 'Telegram на сайте пока не подключён.',
  },
} as const satisfies Messages;

type Say = Readonly<Record<'en' | 'ru', string>>;
type SayWith<P> = (params: P) => Say;

/**
 * What the bot answers in a chat, in the account's language; a chat not linked yet, in its sender's Telegram language
 * (`language_code`).
 */
export const BOT_TEXTS = {
  help: {
    en: 'Commands:\n/status — your proxies\n/rotate <proxy> — change a proxy’s IP (its number, login or comment)\n/help — this list',
    ru: 'Команды:\n/status — ваши прокси\n/rotate <прокси> — сменить IP прокси (номер, логин или комментарий)\n/help — этот список',
  },
  notLinked: ({ userUrl }: { userUrl: string }) => ({
    en: `This chat is not linked to an account. Open ${userUrl}, press “Link Telegram” and send the bot the code you get: /start <code>.`,
    ru: `Этот чат не привязан к аккаунту. Откройте ${userUrl}, нажмите «Привязать Telegram» и отправьте боту полученный код: /start <код>.`,
  }),
  badCode: ({ userUrl }: { userUrl: string }) => ({
    en: `This code is wrong or has expired. Get a new one at ${userUrl}.`,
    ru: `Код неверный или истёк. Получите новый на ${userUrl}.`,
  }),
  privateOnly: {
    en: 'I only work in a private chat: in a group, every member would see your account’s notifications and could change its proxies’ IPs. Write to me directly.',
    ru: 'Я работаю только в личном чате: в группе уведомления вашего аккаунта видели бы все участники и могли бы менять IP его прокси. Напишите мне напрямую.',
  },
  chatTaken: {
    en: 'This chat is already linked to another account. Unlink it there first (on its profile page), then send the code again.',
    ru: 'Этот чат уже привязан к другому аккаунту. Сначала отвяжите его там (на странице профиля), затем отправьте код снова.',
  },
  linked: ({ email }: { email: string }) => ({
    en: `Done: this chat is linked to ${email}. You will get your notifications here.\n\n`,
    ru: `Готово: чат привязан к аккаунту ${email}. Уведомления будут приходить сюда.\n\n`,
  }),
  alreadyLinked: {
    en: 'This chat is already linked to your account.\n\n',
    ru: 'Этот чат уже привязан к вашему аккаунту.\n\n',
  },
  noProxies: {
    en: 'You have no proxies.',
    ru: 'У вас нет прокси.',
  },
  statusTitle: ({ count }: { count: number }) => ({
    en: `Your proxies (${count}):`,
    ru: `Ваши прокси (${count}):`,
  }),
  more: ({ count }: { count: number }) => ({
    en: `…and ${count} more on the site.`,
    ru: `…и ещё ${count} на сайте.`,
  }),
  online: { en: 'online', ru: 'в сети' },
  offline: { en: 'offline', ru: 'не в сети' },
  until: ({ date }: { date: string }) => ({ en: `until ${date}`, ru: `до ${date}` }),
  noIp: { en: 'no IP yet', ru: 'IP ещё нет' },
  rotateWhich: {
    en: 'Which proxy? Send /rotate <number, login or comment>, e.g. /rotate 12. /status lists them.',
    ru: 'Какой прокси? Отправьте /rotate <номер, логин или комментарий>, например /rotate 12. Список — /status.',
  },
  rotateUnknown: ({ query }: { query: string }) => ({
    en: `You have no proxy “${query}”. /status lists them.`,
    ru: `У вас нет прокси «${query}». Список — /status.`,
  }),
  rotateAmbiguous: ({ ids }: { ids: string }) => ({
    en: `Several proxies match: ${ids}. Send /rotate with the number.`,
    ru: `Подходит несколько прокси: ${ids}. Отправьте /rotate с номером.`,
  }),
  rotateStarted: ({ name }: { name: string }) => ({
    en: `Changing the IP of ${name}. The new address shows in /status within a minute.`,
    ru: `Меняем IP прокси ${name}. Новый адрес появится в /status в течение минуты.`,
  }),
  rotateWait: ({ seconds }: { seconds: number }) => ({
    en: `The IP was changed a moment ago: try again in ${seconds} s.`,
    ru: `IP только что меняли: повторите через ${seconds} с.`,
  }),
  rotateInactive: {
    en: 'This proxy is not active: renew it to change its IP.',
    ru: 'Этот прокси не активен: продлите его, чтобы сменить IP.',
  },
  rotateUnavailable: {
    en: 'The modem is not online: it cannot change its IP now.',
    ru: 'Модем не в сети: сменить IP сейчас нельзя.',
  },
} as const satisfies Readonly<Record<string, Say | SayWith<never>>>;
