/**
 * The transfer e-mails, in the addressee's language, written with the site's one layout: the offer to its
 * recipient and the answer to its sender. Both link to the transfers page (`/ip/transfer`), where the offer is
 * answered while signed in: the mail itself carries no token, so forwarding it hands nothing over. The sender's note
 * is not quoted: it is text anyone could write, and the site's own mail must not carry it.
 */
import { cityName, operatorName } from '@proxy/contract/countries';
import type { Language } from '@proxy/contract/languages';
import { paths } from '@proxy/contract/routes';
import { renderEmail, type EmailContent, type EmailTemplate } from '../../lib/email-template.ts';

export interface ProxyPlace {
  readonly country: string;
  readonly city: string;
  /** The city's Russian name ('' while it has none). */
  readonly cityRu: string;
  readonly operator: string;
  /** The operator's Russian name ('' while it has none). */
  readonly operatorRu: string;
}

/** The place as the addressee's language names it (#28, #49): 'RU, Москва, МТС' / 'RU, Moscow, MTS'. */
export const placeIn = (place: ProxyPlace, language: Language) =>
  `${place.country}, ${cityName({ city: place.city, city_ru: place.cityRu }, language)}, ${operatorName(
    { operator: place.operator, operator_ru: place.operatorRu },
    language,
  )}`;

interface Common {
  readonly language: Language;
  readonly publicUrl: string;
  readonly siteName: string;
  readonly place: ProxyPlace;
}

/** A moment as both languages read it unambiguously: `2025-03-01 14:05 UTC`. */
const when = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const transfersLink = (publicUrl: string, language: Language) => `${publicUrl}${paths.ipTransfer(undefined, language)}`;

/** To the recipient: who offers which proxy, until when it is paid, and until when the offer stands. */
export function transferOfferEmail(
  options: Common & { readonly senderEmail: string; readonly proxyExpiresAt: Date; readonly offerExpiresAt: Date },
): EmailContent {
  const { language, siteName: site, place } = options;
  const template: EmailTemplate =
    language === 'ru'
      ? {
          subject: `Вам предлагают прокси — ${site}`,
          greeting: 'Здравствуйте!',
          paragraphs: [
            `${options.senderEmail} предлагает передать вам прокси (${placeIn(place, language)}), оплаченный до ${when(options.proxyExpiresAt)}.`,
            `Принять или отклонить предложение можно в личном кабинете до ${when(options.offerExpiresAt)}:`,
          ],
          action: 'Открыть передачи',
          after: [
            'После принятия у прокси будут новые пароль и ссылка смены IP, автопродление будет выключено. Если вы не ждали этого предложения, просто отклоните его или проигнорируйте письмо.',
          ],
        }
      : {
          subject: `A proxy is offered to you — ${site}`,
          greeting: 'Hello!',
          paragraphs: [
            `${options.senderEmail} offers to hand you a proxy (${placeIn(place, language)}), paid until ${when(options.proxyExpiresAt)}.`,
            `Accept or decline the offer in your account before ${when(options.offerExpiresAt)}:`,
          ],
          action: 'Open transfers',
          after: [
            'Once accepted, the proxy gets a new password and change-IP link, and auto-renew is switched off. If you did not expect this offer, decline it or just ignore this e-mail.',
          ],
        };
  return renderEmail(template, transfersLink(options.publicUrl, language), site, language);
}

/** To the sender: the recipient accepted (the proxy is theirs now) or declined (it stays the sender's). */
export function transferDecidedEmail(
  options: Common & { readonly recipientEmail: string; readonly accepted: boolean },
): EmailContent {
  const { language, siteName: site, place, recipientEmail: to } = options;
  const template: EmailTemplate =
    language === 'ru'
      ? {
          subject: options.accepted ? `Передача прокси принята — ${site}` : `Передача прокси отклонена — ${site}`,
          greeting: 'Здравствуйте!',
          paragraphs: [
            options.accepted
              ? `${to} принял(а) ваш прокси (${placeIn(place, language)}). Теперь он принадлежит получателю и больше не показывается в вашем списке.`
              : `${to} отклонил(а) передачу прокси (${placeIn(place, language)}). Прокси остаётся у вас.`,
          ],
          action: 'Открыть передачи',
          after: [],
        }
      : {
          subject: options.accepted ? `Proxy transfer accepted — ${site}` : `Proxy transfer declined — ${site}`,
          greeting: 'Hello!',
          paragraphs: [
            options.accepted
              ? `${to} accepted your proxy (${placeIn(place, language)}). It belongs to them now and no longer shows in your list.`
              : `${to} declined your proxy (${placeIn(place, language)}). The proxy stays yours.`,
          ],
          action: 'Open transfers',
          after: [],
        };
  return renderEmail(template, transfersLink(options.publicUrl, language), site, language);
}
