import { pino, type Logger, type LevelWithSilent } from 'pino';

/**
 * Structured logs (docs/security.md: secrets redacted). The agent logs proxy ids and logins, never a password; the
 * redaction is the net under that rule, for an error object that happens to carry a request's headers.
 */
export function createLogger(level: LevelWithSilent): Logger {
  return pino({
    level,
    base: { service: 'farm-agent' },
    redact: {
      paths: ['password', 'token', 'headers.authorization', 'headers["proxy-authorization"]', '*.password'],
      censor: '[Redacted]',
    },
  });
}
