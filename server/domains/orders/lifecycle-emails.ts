/**
 * The e-mails of a proxy's life, in the owner's language, in the site's one layout (`lib/email-template.ts`). Each
 * links to the proxy's page (`/ip/{id}`, `/en/ip/{id}`); the renewal-failed mail opens the top-up dialog there with
 * the missing amount filled in. They carry no secrets: they are queued in the outbox as written.
 */
import type { Language } from '@proxy/contract/languages';
import { formatPrice, type Currency } from '@proxy/contract/money';
import { overlayHashes, paths } from '@proxy/contract/routes';
import { renderEmail, type EmailContent, type EmailTemplate } from '../../lib/email-template.ts';

export interface ProxyMailContext {
  readonly language: Language;
  readonly publicUrl: string;
  readonly siteName: string;
  readonly proxyId: number;
  readonly currency: Currency;
}

const GREETING: Record<Language, string> = { ru: 'Здравствуйте!', en: 'Hello!' };

/** A date and time as the recipient reads them, in UTC (the mail cannot know their time zone): "25.11.2026, 14:00 UTC". */
function when(at: Date, language: Language): string {
  const text = new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at);
  return `${text} UTC`;
}

const proxyLink = (context: ProxyMailContext, hash = '') =>
  `${context.publicUrl}${paths.ipDetail(context.proxyId, context.language)}${hash ? `#${hash}` : ''}`;

const render = (context: ProxyMailContext, template: EmailTemplate, link = proxyLink(context)): EmailContent =>
  renderEmail(template, link, context.siteName, context.language);

/** 3 days or 1 day before the expiry of a proxy that is not renewed automatically. */
export function reminderEmail(context: ProxyMailContext, expiresAt: Date): EmailContent {
  const { language, proxyId: id } = context;
  const at = when(expiresAt, language);
  return render(
    context,
    language === 'ru'
      ? {
          subject: `Прокси #${id} истекает ${at}`,
          greeting: GREETING.ru,
          paragraphs: [
            `Срок действия прокси #${id} истекает ${at}.`,
            'Продлите его заранее, чтобы он продолжал работать без перерыва.',
          ],
          action: 'Продлить прокси',
          after: ['Не продлённый вовремя прокси приостанавливается, а через 3 дня освобождается.'],
        }
      : {
          subject: `Proxy #${id} expires on ${at}`,
          greeting: GREETING.en,
          paragraphs: [`Proxy #${id} expires on ${at}.`, 'Renew it in advance to keep it working without a break.'],
          action: 'Renew the proxy',
          after: ['A proxy not renewed in time is suspended, and released 3 days later.'],
        },
  );
}

/** An auto-renewal paid from the balance. */
export function renewedEmail(context: ProxyMailContext, price: number, expiresAt: Date): EmailContent {
  const { language, proxyId: id } = context;
  const amount = formatPrice(price, context.currency, language);
  const at = when(expiresAt, language);
  return render(
    context,
    language === 'ru'
      ? {
          subject: `Прокси #${id} продлён`,
          greeting: GREETING.ru,
          paragraphs: [`Прокси #${id} автоматически продлён до ${at}. С баланса списано ${amount}.`],
          action: 'Открыть прокси',
          after: ['Автопродление можно отключить на странице прокси.'],
        }
      : {
          subject: `Proxy #${id} renewed`,
          greeting: GREETING.en,
          paragraphs: [`Proxy #${id} was renewed automatically until ${at}. ${amount} was taken from your balance.`],
          action: 'Open the proxy',
          after: ['You can switch auto-renewal off on the proxy’s page.'],
        },
  );
}

/** An auto-renewal the balance did not cover: how much is missing, and the top-up dialog with that amount. */
export function renewalFailedEmail(
  context: ProxyMailContext,
  missing: number,
  price: number,
  expiresAt: Date,
): EmailContent {
  const { language, proxyId: id } = context;
  const [short, cost] = [
    formatPrice(missing, context.currency, language),
    formatPrice(price, context.currency, language),
  ];
  const at = when(expiresAt, language);
  return render(
    context,
    language === 'ru'
      ? {
          subject: `Не удалось продлить прокси #${id}`,
          greeting: GREETING.ru,
          paragraphs: [
            `Автопродление прокси #${id} стоит ${cost}, а на балансе не хватает ${short}.`,
            `Пополните баланс: мы попробуем продлить прокси снова в течение часа. Срок действия истекает ${at}.`,
          ],
          action: 'Пополнить баланс',
          after: ['Не продлённый вовремя прокси приостанавливается, а через 3 дня освобождается.'],
        }
      : {
          subject: `Proxy #${id} could not be renewed`,
          greeting: GREETING.en,
          paragraphs: [
            `Renewing proxy #${id} costs ${cost}, and your balance is ${short} short.`,
            `Top up your balance: we will try to renew it again within an hour. It expires on ${at}.`,
          ],
          action: 'Top up the balance',
          after: ['A proxy not renewed in time is suspended, and released 3 days later.'],
        },
    proxyLink(context, overlayHashes.topUpAmount(missing)),
  );
}

/** A proxy suspended at its expiry: 3 days to renew it before it is released. */
export function suspendedEmail(context: ProxyMailContext, releaseAt: Date): EmailContent {
  const { language, proxyId: id } = context;
  const at = when(releaseAt, language);
  return render(
    context,
    language === 'ru'
      ? {
          subject: `Прокси #${id} приостановлен`,
          greeting: GREETING.ru,
          paragraphs: [
            `Срок действия прокси #${id} истёк, и он приостановлен.`,
            `Продлите его в течение 3 дней (до ${at}), иначе он будет освобождён и вернётся в продажу.`,
          ],
          action: 'Продлить прокси',
          after: [],
        }
      : {
          subject: `Proxy #${id} suspended`,
          greeting: GREETING.en,
          paragraphs: [
            `Proxy #${id} has expired and is suspended.`,
            `Renew it within 3 days (by ${at}) or it is released and goes back on sale.`,
          ],
          action: 'Renew the proxy',
          after: [],
        },
  );
}
