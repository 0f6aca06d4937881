/**
 * The site's one e-mail layout: a greeting, paragraphs, one action link (a button in HTML, the bare link in text),
 * closing lines and the site's signature, in the recipient's language. Every domain's e-mails are written with it.
 */
import type { Language } from '@proxy/contract/languages';
import { escapeHtml } from './html.ts';

export interface EmailContent {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export interface EmailTemplate {
  readonly subject: string;
  readonly greeting: string;
  readonly paragraphs: readonly string[];
  /** The button's words. */
  readonly action: string;
  readonly after: readonly string[];
}

export function renderEmail(template: EmailTemplate, link: string, site: string, language: Language): EmailContent {
  const signature = language === 'ru' ? `Команда ${site}` : `The ${site} team`;
  const text = [
    template.greeting,
    '',
    ...template.paragraphs.flatMap((p) => [p, '']),
    link,
    '',
    ...template.after.flatMap((p) => [p, '']),
    signature,
    '',
  ].join('\n');
  const p = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
  const html = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(template.subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222">',
    p(escapeHtml(template.greeting)),
    ...template.paragraphs.map((text) => p(escapeHtml(text))),
    p(
      `<a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1677ff;color:#fff;` +
        `text-decoration:none;border-radius:6px">${escapeHtml(template.action)}</a>`,
    ),
    p(`<span style="color:#666;font-size:13px">${escapeHtml(link)}</span>`),
    ...template.after.map((text) => p(escapeHtml(text))),
    p(escapeHtml(signature)),
    '</body></html>',
  ].join('\n');
  return { subject: template.subject, text, html };
}
