// An SMTP server inside the test process: the server under test gets `SMTP_URL=<sink.url>` and the test reads what
// it sent. Accepts any sender, recipient and credentials on 127.0.0.1, no TLS; keeps every message parsed.
import type { AddressObject } from 'mailparser';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SinkMessage {
  /** Recipient addresses from the envelope, lower-cased. */
  readonly to: readonly string[];
  readonly from: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly headers: ReadonlyMap<string, unknown>;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:PORT` */
  readonly url: string;
  /** Every message received so far, oldest first. */
  readonly messages: SinkMessage[];
  /** The first message (already received or arriving later) that matches; rejects after `timeoutMs`. */
  waitFor(predicate: (message: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>;
  close(): Promise<void>;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return '';
  return (Array.isArray(value) ? value : [value]).map((a) => a.text).join(', ');
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const waiters = new Set<{ predicate: (m: SinkMessage) => boolean; resolve: (m: SinkMessage) => void }>();

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'sink' });
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const message: SinkMessage = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: addresses(parsed.from),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: parsed.headers,
          };
          messages.push(message);
          for (const waiter of waiters) {
            if (waiter.predicate(message)) {
              waiters.delete(waiter);
              waiter.resolve(message);
            }
          }
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate, timeoutMs = 10_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (message: SinkMessage) => {
            clearTimeout(timer);
            resolve(message);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching e-mail within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
