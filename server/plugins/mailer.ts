/**
 * Outgoing e-mail through nodemailer: to SMTP_URL when set, otherwise written to the log (development). Every mail
 * is recorded in the `outbox` table with its secret links replaced, so the database never holds a live reset token
 * or confirmation key (docs/security.md).
 *
 * Sending happens after the response: a reset request for a known address must take as long as one for an unknown
 * address (no account enumeration through timing), and a slow SMTP server must not hold requests.
 *
 * Mails that must go out exactly when some state changes (a job renewed or suspended a proxy) are not sent but queued
 * (`enqueue`): an outbox row written in the caller's transaction, so the mail exists if and only if the change
 * committed. The `mail.deliver` job sends queued rows (claimed with `FOR UPDATE SKIP LOCKED`, so two processes never
 * send one twice) and retries failures with backoff. Delivery is at least once: a crash between the SMTP server's
 * acceptance and the commit sends that mail again, the only duplicate SMTP allows. Every attempt at one row carries
 * the row's Message-ID (`message_id`, fixed when the row is written), so the copy is recognisably the same mail.
 */
import { randomUUID } from 'node:crypto';
import type { Language } from '@proxy/contract/languages';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

import type { Queryable } from '../db/db.ts';

import type { EmailContent } from '../lib/email-template.ts';

export type { EmailContent };

export type MailKind =
  | 'email_confirmation'
  | 'password_reset'
  // The own page's e-mail change: the link to the new address, the notice to the old one.
  | 'email_change'
  | 'email_changed'
  // Every change of an account's second factor (issue #48), told to the account.
  | 'two_factor_changed'
  | 'mailing'
  // A proxy's life (renewed, about to expire, not renewed for want of money, suspended) and its transfers.
  | 'proxy_reminder'
  | 'proxy_renewed'
  | 'proxy_renewal_failed'
  | 'proxy_suspended'
  | 'transfer_offer'
  | 'transfer_decided'
  // An operations alert to staff who follow its kind (the dashboard domain): an incident opened, or over.
  | 'staff_alert'
  // A customer notification (#30) of an event without a mail of its own: modem offline/back, IP changed, balance low.
  | 'notification';

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
  /**
   * Queues the mail in the outbox on `q` (the caller's transaction): it exists if and only if that transaction
   * commits, and the `mail.deliver` job sends it. The text is stored, so a mail with secrets is refused.
   */
  enqueue(q: Queryable, mail: OutgoingMail): Promise<void>;
  /** Sends the queued mails due at `now` (the `mail.deliver` job); answers how many it handled. */
  deliverQueued(now: Date): Promise<number>;
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

/** How often the queue is looked at: mails from jobs go out within seconds. */
export const DELIVER_EVERY_MS = 5_000;
/** Queued mails claimed per transaction: the SMTP calls happen while their rows are locked, so few at a time. */
const DELIVER_BATCH = 10;
/** Attempts before a queued mail is given up as `failed` (about a day with the backoff below). */
export const MAX_ATTEMPTS = 12;

/** The wait before attempt `attempts + 1`: 1, 2, 4 … minutes, at most 6 hours. */
export const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** (attempts - 1), 6 * 3_600_000);

interface QueuedRow {
  id: number;
  message_id: string;
  kind: MailKind;
  user_id: number | null;
  recipient: string;
  language: Language;
  subject: string;
  body_text: string;
  body_html: string | null;
  attempts: number;
}

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

/** The domain of a `Name <address>` or bare address: Message-IDs name the sender's, as nodemailer's own do. */
function senderDomain(from: string): string {
  const address = /<([^<>]*)>\s*$/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim();
}

export default fp<MailerOptions>(
  async (app, options) => {
    const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
    const pending = new Set<Promise<void>>();
    const domain = senderDomain(options.from);

    /**
     * Sends through SMTP with the Message-ID made of `messageId` (its outbox row's), or writes the mail to the log
     * without SMTP_URL; the error is redacted, never thrown.
     */
    async function transmit(
      mail: OutgoingMail,
      messageId: string,
    ): Promise<{ readonly status: 'sent' | 'logged' | 'failed'; readonly error: string | null }> {
      if (!transport) {
        // Development without SMTP: the log is the mailbox (the link must be clickable from somewhere).
        app.log.info(
          { mail: { kind: mail.kind, to: mail.to, subject: mail.content.subject, text: mail.content.text } },
          'e-mail not sent (SMTP_URL is not set); its text follows',
        );
        return { status: 'logged', error: null };
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.content.subject,
          text: mail.content.text,
          html: mail.content.html,
          messageId: `<${messageId}@${domain}>`,
          headers: { 'Content-Language': mail.language },
        });
        app.log.info({ mail: { kind: mail.kind, userId: mail.userId } }, 'e-mail sent');
        return { status: 'sent', error: null };
      } catch (sendError) {
        const error = redactSecrets(sendError instanceof Error ? sendError.message : String(sendError), mail.secrets);
        app.log.error({ mail: { kind: mail.kind, userId: mail.userId }, error }, 'e-mail could not be sent');
        return { status: 'failed', error };
      }
    }

    async function deliver(mail: OutgoingMail): Promise<void> {
      // Sent once, then recorded: the row keeps the Message-ID the mail carried.
      const messageId = randomUUID();
      const { status, error } = await transmit(mail, messageId);
      try {
        await app.db.query(
          `INSERT INTO outbox (kind, user_id, recipient, language, subject, body_text, status, error, message_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            mail.kind,
            mail.userId,
            mail.to,
            mail.language,
            mail.content.subject,
            redactSecrets(mail.content.text, mail.secrets),
            status,
            error,
            messageId,
          ],
        );
      } catch (dbError) {
        app.log.error({ err: dbError }, 'could not record an e-mail in the outbox');
      }
    }

    /** One queued row sent and its outcome written: sent or logged, retried later, or failed for good. */
    async function deliverRow(tx: Queryable, row: QueuedRow, now: Date): Promise<void> {
      const mail: OutgoingMail = {
        kind: row.kind,
        userId: row.user_id,
        to: row.recipient,
        language: row.language,
        content: { subject: row.subject, text: row.body_text, html: row.body_html ?? '' },
        secrets: [],
      };
      const { status, error } = await transmit(mail, row.message_id);
      const attempts = row.attempts + 1;
      const retry = status === 'failed' && attempts < MAX_ATTEMPTS;
      await tx.query(`UPDATE outbox SET status = $2, error = $3, attempts = $4, next_attempt_at = $5 WHERE id = $1`, [
        row.id,
        retry ? 'queued' : status,
        error,
        attempts,
        retry ? new Date(now.getTime() + retryDelayMs(attempts)) : null,
      ]);
    }

    /** One batch of due queued mails in one transaction; answers how many it handled. */
    function deliverBatch(now: Date): Promise<number> {
      return app.db.transaction(async (tx) => {
        const rows = await tx.query<QueuedRow>(
          `SELECT id::int AS id, message_id, kind, user_id, recipient, language, subject, body_text, body_html, attempts
             FROM outbox WHERE status = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
            ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
          [now, DELIVER_BATCH],
        );
        for (const row of rows) await deliverRow(tx, row, now);
        return rows.length;
      });
    }

    app.decorate('mailer', {
      send(mail) {
        const job = deliver(mail).finally(() => pending.delete(job));
        pending.add(job);
      },
      async idle() {
        while (pending.size > 0) await Promise.all(pending);
      },
      async enqueue(q, mail) {
        if (mail.secrets.length > 0) throw new Error(`A ${mail.kind} mail has secrets: send it, never queue it`);
        // The row's Message-ID is the column's default, drawn here: every attempt at the row sends it.
        await q.query(
          `INSERT INTO outbox (kind, user_id, recipient, language, subject, body_text, body_html, status)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'queued')`,
          [mail.kind, mail.userId, mail.to, mail.language, mail.content.subject, mail.content.text, mail.content.html],
        );
      },
      async deliverQueued(now) {
        let handled = 0;
        for (;;) {
          const batch = await deliverBatch(now);
          handled += batch;
          if (batch < DELIVER_BATCH) return handled;
        }
      },
    } satisfies Mailer);

    app.jobs.register({
      name: 'mail.deliver',
      everyMs: DELIVER_EVERY_MS,
      run: (now) => app.mailer.deliverQueued(now),
      drains: true,
    });

    app.addHook('onClose', async () => {
      await app.mailer.idle();
      transport?.close();
    });
  },
  { name: 'mailer', fastify: '5.x', dependencies: ['db', 'jobs'] },
);
