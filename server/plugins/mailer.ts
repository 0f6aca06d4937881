/**
 * Outgoing e-mail through nodemailer: to SMTP_URL when set, otherwise written to the log (development). Every mail
 * is recorded in the `outbox` table with its secret links replaced, so the database never holds a live reset token
 * or confirmation key (security.md).
 *
 * Sending happens after the response: a reset request for a known address must take as long as one for an unknown
 * address (no account enumeration through timing), and a slow SMTP server must not hold requests.
 */
import type { Language } from '@proxy/contract/languages';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

import type { EmailContent } from '../lib/email-template.ts';

export type { EmailContent };

export type MailKind =
  | 'email_confirmation'
  | 'password_reset'
  | 'mailing'
  // A proxy's life (renewed, about to expire, not renewed for want of money, suspended) and its transfers.
  | 'proxy_reminder'
  | 'proxy_renewed'
  | 'proxy_renewal_failed'
  | 'proxy_suspended'
  | 'transfer_offer'
  | 'transfer_decided';

export interface OutgoingMail {
  readonly kind: MailKind;
  readonly userId: number | null;
  readonly to: string;
  readonly language: Language;
  readonly content: EmailContent;
  /** Values (link tokens) to keep out of the outbox copy and, when sent over SMTP, out of the log. */
  readonly secrets: readonly string[];
}

export interface Mailer {
  /** Queues the mail and returns at once; failures are logged and recorded, never thrown at the caller. */
  send(mail: OutgoingMail): void;
  /** Resolves when every queued mail has been handled (tests, shutdown). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailerOptions {
  readonly smtpUrl: string | undefined;
  readonly from: string;
}

const REDACTED = '[redacted]';

/** The text with each secret removed, also where it appears URL-encoded inside a link. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    const forms = new Set([secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)]);
    for (const form of forms) out = out.split(form).join(REDACTED);
  }
  return out;
}

export default fp<MailerOptions>(
  async (app, options) => {
    const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
    const pending = new Set<Promise<void>>();

    async function deliver(mail: OutgoingMail): Promise<void> {
      let status: 'sent' | 'logged' | 'failed' = 'logged';
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({
            from: options.from,
            to: mail.to,
            subject: mail.content.subject,
            text: mail.content.text,
            html: mail.content.html,
            headers: { 'Content-Language': mail.language },
          });
          status = 'sent';
          app.log.info({ mail: { kind: mail.kind, userId: mail.userId } }, 'e-mail sent');
        } catch (sendError) {
          status = 'failed';
          error = redactSecrets(sendError instanceof Error ? sendError.message : String(sendError), mail.secrets);
          app.log.error({ mail: { kind: mail.kind, userId: mail.userId }, error }, 'e-mail could not be sent');
        }
      } else {
        // Development without SMTP: the log is the mailbox (the link must be clickable from somewhere).
        app.log.info(
          { mail: { kind: mail.kind, to: mail.to, subject: mail.content.subject, text: mail.content.text } },
          'e-mail not sent (SMTP_URL is not set); its text follows',
        );
      }
      try {
        await app.db.query(
          `INSERT INTO outbox (kind, user_id, recipient, language, subject, body_text, status, error)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            mail.kind,
            mail.userId,
            mail.to,
            mail.language,
            mail.content.subject,
            redactSecrets(mail.content.text, mail.secrets),
            status,
            error,
          ],
        );
      } catch (dbError) {
        app.log.error({ err: dbError }, 'could not record an e-mail in the outbox');
      }
    }

    app.decorate('mailer', {
      send(mail) {
        const job = deliver(mail).finally(() => pending.delete(job));
        pending.add(job);
      },
      async idle() {
        while (pending.size > 0) await Promise.all(pending);
      },
    } satisfies Mailer);

    app.addHook('onClose', async () => {
      await app.mailer.idle();
      transport?.close();
    });
  },
  { name: 'mailer', fastify: '5.x', dependencies: ['db'] },
);
