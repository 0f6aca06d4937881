/**
 * Each event's short text in the customer's language: the Telegram message, and the e-mail of the events that had no
 * mail of their own before #30 (those keep their bespoke mails: `orders/lifecycle-emails.ts`, `transfers/emails.ts`).
 * Rendered from the payload alone, so a retry days later says what the event said when it happened.
 */
import { cityName, operatorName } from '@proxy/contract/countries';
import type { Language } from '@proxy/contract/languages';
import { formatPrice, type Currency } from '@proxy/contract/money';
import { paths } from '@proxy/contract/routes';
import type { NotificationEvent } from '@proxy/contract/schemas/notifications';
import { renderEmail, type EmailContent } from '../../lib/email-template.ts';

/** What a payload's `data.proxy` holds: enough to tell the customer which proxy, without its credentials. */
export interface ProxyFacts {
  readonly id: number;
  readonly comment: string;
  readonly country: string;
  readonly city: string;
  readonly city_ru: string;
  readonly operator: string;
  /** Absent from a payload written before operators had Russian names (#49). */
  readonly operator_ru?: string;
  readonly ip: string | null;
}

export type EventData = Readonly<Record<string, unknown>> & { readonly proxy?: ProxyFacts };

export interface EventText {
  readonly subject: string;
  readonly lines: readonly string[];
  /** Site path the message leads to. */
  readonly path: string;
}

/** `2026-03-01 14:05 UTC`: unambiguous in both languages. */
const when = (value: unknown) =>
  typeof value === 'string' ? `${value.slice(0, 16).replace('T', ' ')} UTC` : String(value ?? '');

const proxyName = (proxy: ProxyFacts | undefined, language: Language) => {
  if (!proxy) return '';
  const place = `${proxy.country}, ${cityName(proxy, language)}, ${operatorName(proxy, language)}`;
  const comment = proxy.comment ? ` «${proxy.comment}»` : '';
  return `#${proxy.id}${comment} (${place})`;
};

export function eventText(
  event: NotificationEvent | 'webhook_test',
  data: EventData,
  language: Language,
  currency: Currency,
): EventText {
  const ru = language === 'ru';
  const proxy = proxyName(data.proxy, language);
  const proxyPath = data.proxy ? paths.ipDetail(data.proxy.id, language) : paths.ipList(language);
  const money = (key: string) => formatPrice(Number(data[key] ?? 0), currency, language);
  switch (event) {
    case 'proxy_expiring':
      return ru
        ? {
            subject: `Прокси ${proxy} истекает ${when(data.expires_at)}`,
            lines: ['Продлите его заранее, чтобы он работал без перерыва.'],
            path: proxyPath,
          }
        : {
            subject: `Proxy ${proxy} expires on ${when(data.expires_at)}`,
            lines: ['Renew it in advance to keep it working without a break.'],
            path: proxyPath,
          };
    case 'proxy_renewed':
      return ru
        ? {
            subject: `Прокси ${proxy} продлён до ${when(data.expires_at)}`,
            lines: [`С баланса списано ${money('price')}.`],
            path: proxyPath,
          }
        : {
            subject: `Proxy ${proxy} renewed until ${when(data.expires_at)}`,
            lines: [`${money('price')} was taken from your balance.`],
            path: proxyPath,
          };
    case 'proxy_renewal_failed':
      return ru
        ? {
            subject: `Не удалось продлить прокси ${proxy}`,
            lines: [`На балансе не хватает ${money('missing')}. Срок действия истекает ${when(data.expires_at)}.`],
            path: proxyPath,
          }
        : {
            subject: `Proxy ${proxy} could not be renewed`,
            lines: [`Your balance is ${money('missing')} short. It expires on ${when(data.expires_at)}.`],
            path: proxyPath,
          };
    case 'proxy_suspended':
      return ru
        ? {
            subject: `Прокси ${proxy} приостановлен`,
            lines: [`Продлите его до ${when(data.release_at)}, иначе он будет освобождён.`],
            path: proxyPath,
          }
        : {
            subject: `Proxy ${proxy} suspended`,
            lines: [`Renew it by ${when(data.release_at)} or it is released.`],
            path: proxyPath,
          };
    case 'modem_offline':
      return ru
        ? {
            subject: `Прокси ${proxy} не в сети`,
            lines: [`Модем прокси не на связи с ${when(data.offline_since)}. Мы сообщим, когда он вернётся.`],
            path: proxyPath,
          }
        : {
            subject: `Proxy ${proxy} is offline`,
            lines: [
              `The proxy’s modem has been offline since ${when(data.offline_since)}. We will tell you when it is back.`,
            ],
            path: proxyPath,
          };
    case 'modem_online':
      return ru
        ? { subject: `Прокси ${proxy} снова в сети`, lines: ['Модем прокси вернулся на связь.'], path: proxyPath }
        : { subject: `Proxy ${proxy} is back online`, lines: ['The proxy’s modem is back online.'], path: proxyPath };
    case 'ip_rotated':
      return ru
        ? {
            subject: `Автосмена IP прокси ${proxy}`,
            lines: [`Новый IP: ${String(data.new_ip ?? '')}${data.old_ip ? ` (был ${String(data.old_ip)})` : ''}.`],
            path: proxyPath,
          }
        : {
            subject: `Proxy ${proxy} changed its IP automatically`,
            lines: [`New IP: ${String(data.new_ip ?? '')}${data.old_ip ? ` (was ${String(data.old_ip)})` : ''}.`],
            path: proxyPath,
          };
    case 'balance_low':
      return ru
        ? {
            subject: `Баланс ниже ${money('threshold')}`,
            lines: [`На балансе ${money('balance')}. Пополните его, чтобы прокси продлевались.`],
            path: paths.user(undefined, language),
          }
        : {
            subject: `Your balance is below ${money('threshold')}`,
            lines: [`Your balance is ${money('balance')}. Top it up so your proxies keep renewing.`],
            path: paths.user(undefined, language),
          };
    case 'transfer_offered':
      return ru
        ? {
            subject: `${String(data.sender_email ?? '')} предлагает вам прокси`,
            lines: [`Прокси ${proxy}. Ответьте до ${when(data.offer_expires_at)}.`],
            path: paths.ipTransfer(undefined, language),
          }
        : {
            subject: `${String(data.sender_email ?? '')} offers you a proxy`,
            lines: [`Proxy ${proxy}. Answer before ${when(data.offer_expires_at)}.`],
            path: paths.ipTransfer(undefined, language),
          };
    case 'transfer_accepted':
      return ru
        ? {
            subject: `${String(data.recipient_email ?? '')} принял(а) ваш прокси`,
            lines: [`Прокси ${proxy} теперь принадлежит получателю.`],
            path: paths.ipTransfer(undefined, language),
          }
        : {
            subject: `${String(data.recipient_email ?? '')} accepted your proxy`,
            lines: [`Proxy ${proxy} belongs to them now.`],
            path: paths.ipTransfer(undefined, language),
          };
    case 'webhook_test':
      return ru
        ? {
            subject: 'Проверка уведомлений',
            lines: ['Это тестовое уведомление.'],
            path: paths.user(undefined, language),
          }
        : {
            subject: 'Notification test',
            lines: ['This is a test notification.'],
            path: paths.user(undefined, language),
          };
  }
}

/** The Telegram message: the subject, the lines and the link, as plain text. */
export function messageText(text: EventText, publicUrl: string): string {
  return [text.subject, ...text.lines, `${publicUrl}${text.path}`].join('\n');
}

/** The e-mail of an event without a bespoke one, in the site's one layout. */
export function eventEmail(text: EventText, publicUrl: string, siteName: string, language: Language): EmailContent {
  return renderEmail(
    {
      subject: text.subject,
      greeting: language === 'ru' ? 'Здравствуйте!' : 'Hello!',
      paragraphs: [text.subject, ...text.lines],
      action: language === 'ru' ? 'Открыть' : 'Open',
      after: [
        language === 'ru'
          ? 'Какие уведомления и куда присылать, выбирается в личном кабинете.'
          : 'You choose which notifications you get, and where, in your account.',
      ],
    },
    `${publicUrl}${text.path}`,
    siteName,
    language,
  );
}
