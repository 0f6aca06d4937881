/**
 * The alert mails to staff, in the recipient's language and the site's one layout: one when an incident opens, one
 * when it is over. Each links to the alert history of its kind on the panel's home. They carry no secrets.
 */
import type { AlertKind } from '@proxy/contract/schemas/dashboard';
import type { Language } from '@proxy/contract/languages';
import { localizePath } from '@proxy/contract/languages';
import { renderEmail, type EmailContent } from '../../lib/email-template.ts';
import { RATE_BAND } from '../billing/index.ts';

export interface AlertMailContext {
  readonly language: Language;
  readonly publicUrl: string;
  readonly siteName: string;
}

export interface AlertFacts {
  readonly kind: AlertKind;
  readonly label: string;
  readonly value: number;
  readonly threshold: number;
  readonly at: Date;
}

function when(at: Date, language: Language): string {
  const text = new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at);
  return `${text} UTC`;
}

/** What happened, per kind and language: the subject's line and the figure against its threshold. */
const PROBLEM: Record<AlertKind, Record<Language, (facts: AlertFacts) => string>> = {
  agent_silent: {
    en: (f) => `The agent of farm host ${f.label} has not reported for ${f.value} min (alert after ${f.threshold}).`,
    ru: (f) => `Агент хоста фермы ${f.label} не выходит на связь ${f.value} мин (порог — ${f.threshold}).`,
  },
  modem_offline: {
    en: (f) =>
      `Modem ${f.label}, which carries customers' proxies, has been offline for ${f.value} min (alert after ${f.threshold}).`,
    ru: (f) => `Модем ${f.label} с прокси клиентов не в сети ${f.value} мин (порог — ${f.threshold}).`,
  },
  place_sold_out: {
    en: (f) => `${f.label}: ${f.value} modems free (alert at ${f.threshold} or fewer).`,
    ru: (f) => `${f.label}: свободно модемов — ${f.value} (порог — ${f.threshold} и меньше).`,
  },
  outbox_backlog: {
    en: (f) => `${f.value} e-mails are waiting in the outbox (alert over ${f.threshold}).`,
    ru: (f) => `В очереди писем ждут отправки: ${f.value} (порог — больше ${f.threshold}).`,
  },
  webhook_refused: {
    en: (f) => `${f.value} payment gateway webhooks were refused in the last hour (alert at ${f.threshold}).`,
    ru: (f) => `За последний час отклонено вебхуков платёжных шлюзов: ${f.value} (порог — ${f.threshold}).`,
  },
  job_failing: {
    en: (f) => `The scheduled job ${f.label} has failed ${f.value} runs in a row (alert at ${f.threshold}).`,
    ru: (f) => `Плановая задача ${f.label} завершилась ошибкой ${f.value} раз подряд (порог — ${f.threshold}).`,
  },
  rate_refused: {
    en: (f) =>
      `The rate provider of payment method ${f.label} has been answering rates more than ×${RATE_BAND} away from the accepted one for ${f.value} min (alert after ${f.threshold}): they are refused, and the method keeps its last rate until that is out of date. Check the provider, or set the rate by hand in the panel.`,
    ru: (f) =>
      `Источник курса способа оплаты ${f.label} уже ${f.value} мин отвечает курсом, который отличается от принятого больше допустимого (×${RATE_BAND} в любую сторону; порог — ${f.threshold}): такие курсы отклоняются, у способа остаётся прежний курс, пока он не устареет. Проверьте источник или задайте курс вручную в панели.`,
  },
};

const TITLE: Record<AlertKind, Record<Language, string>> = {
  agent_silent: { en: 'Farm agent silent', ru: 'Агент фермы молчит' },
  modem_offline: { en: 'Modem offline', ru: 'Модем не в сети' },
  place_sold_out: { en: 'Place sold out', ru: 'Место распродано' },
  outbox_backlog: { en: 'E-mail backlog', ru: 'Очередь писем' },
  webhook_refused: { en: 'Webhooks refused', ru: 'Вебхуки отклоняются' },
  job_failing: { en: 'Job failing', ru: 'Задача падает' },
  rate_refused: { en: 'Exchange rate refused', ru: 'Курс отклонён' },
};

const historyLink = (context: AlertMailContext, kind: AlertKind) =>
  `${context.publicUrl}${localizePath('/panel', context.language)}?tab=alerts&kind=${kind}`;

export function alertOpenedEmail(context: AlertMailContext, facts: AlertFacts): EmailContent {
  const { language } = context;
  const title = TITLE[facts.kind][language];
  return renderEmail(
    language === 'ru'
      ? {
          subject: `Тревога: ${title} — ${facts.label}`,
          greeting: 'Здравствуйте!',
          paragraphs: [PROBLEM[facts.kind].ru(facts), `Замечено ${when(facts.at, 'ru')}.`],
          action: 'История тревог',
          after: ['Когда всё наладится, придёт ещё одно письмо. Отписаться можно на главной странице панели.'],
        }
      : {
          subject: `Alert: ${title} — ${facts.label}`,
          greeting: 'Hello!',
          paragraphs: [PROBLEM[facts.kind].en(facts), `Noticed at ${when(facts.at, 'en')}.`],
          action: 'Alert history',
          after: ['You will get one more e-mail when it is over. Unsubscribe on the panel home page.'],
        },
    historyLink(context, facts.kind),
    context.siteName,
    language,
  );
}

export function alertResolvedEmail(
  context: AlertMailContext,
  facts: AlertFacts & { readonly openedAt: Date },
): EmailContent {
  const { language } = context;
  const title = TITLE[facts.kind][language];
  return renderEmail(
    language === 'ru'
      ? {
          subject: `Снято: ${title} — ${facts.label}`,
          greeting: 'Здравствуйте!',
          paragraphs: [
            `Тревога «${title}» (${facts.label}) от ${when(facts.openedAt, 'ru')} снята ${when(facts.at, 'ru')}.`,
          ],
          action: 'История тревог',
          after: [],
        }
      : {
          subject: `Resolved: ${title} — ${facts.label}`,
          greeting: 'Hello!',
          paragraphs: [
            `The alert "${title}" (${facts.label}) of ${when(facts.openedAt, 'en')} was over at ${when(facts.at, 'en')}.`,
          ],
          action: 'Alert history',
          after: [],
        },
    historyLink(context, facts.kind),
    context.siteName,
    language,
  );
}

/** The same alert for the Telegram bot (#30): the subject line, what happened and the history's link, plain text. */
export function alertOpenedTelegram(context: AlertMailContext, facts: AlertFacts): string {
  const { language } = context;
  const title = TITLE[facts.kind][language];
  return [
    language === 'ru' ? `Тревога: ${title} — ${facts.label}` : `Alert: ${title} — ${facts.label}`,
    PROBLEM[facts.kind][language](facts),
    historyLink(context, facts.kind),
  ].join('\n');
}

export function alertResolvedTelegram(
  context: AlertMailContext,
  facts: AlertFacts & { readonly openedAt: Date },
): string {
  const { language } = context;
  const title = TITLE[facts.kind][language];
  return language === 'ru'
    ? `Снято: ${title} — ${facts.label}\nТревога от ${when(facts.openedAt, 'ru')} снята ${when(facts.at, 'ru')}.`
    : `Resolved: ${title} — ${facts.label}\nThe alert of ${when(facts.openedAt, 'en')} was over at ${when(facts.at, 'en')}.`;
}
