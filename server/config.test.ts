import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has working defaults for a developer machine', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.dataDir).toBe(path.resolve(import.meta.dirname, '..', '.data'));
    expect(config.distDir).toBe(path.resolve(import.meta.dirname, '..', 'dist'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logLevel).toBe('info');
    expect(config.secretKey.length).toBeGreaterThan(0);
    expect(config.warnings).toEqual([expect.stringContaining('SECRET_KEY is not set')]);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/data',
      DATABASE_URL: 'postgres://u@db:5432/app',
      PUBLIC_URL: 'https://proxy.example/',
      SECRET_KEY: 'k'.repeat(40),
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      REDIS_URL: 'redis://cache:6379',
      LOG_LEVEL: 'debug',
      DIST_DIR: '/srv/dist',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/tmp/data',
      databaseUrl: 'postgres://u@db:5432/app',
      publicUrl: 'https://proxy.example',
      smtpUrl: 'smtps://user:pass@mail.example:465',
      redisUrl: 'redis://cache:6379',
      logLevel: 'debug',
      distDir: '/srv/dist',
      warnings: [],
    });
  });

  it('reads the mail sender and the rate-limit switches', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://proxy.example' })).toMatchObject({
      mailFrom: 'ProxyMob <noreply@proxy.example>',
      rateLimit: { enabled: true, windowScale: 1 },
    });
    const config = loadConfig({
      MAIL_FROM: 'Proxy <robot@proxy.example>',
      RATE_LIMITS: 'off',
      RATE_LIMIT_WINDOW_SCALE: '0.01',
    });
    expect(config).toMatchObject({
      mailFrom: 'Proxy <robot@proxy.example>',
      rateLimit: { enabled: false, windowScale: 0.01 },
    });
    expect(config.warnings).toContain('RATE_LIMITS=off: login, registration and reset are not rate-limited.');
    expect(
      problemsOf({ MAIL_FROM: 'x@y.z\r\nBcc: a@b.c', RATE_LIMITS: 'maybe', RATE_LIMIT_WINDOW_SCALE: '-1' }),
    ).toEqual([
      'MAIL_FROM: must be an e-mail address or "Name <address>" (got "x@y.z\\r\\nBcc: a@b.c")',
      'RATE_LIMITS: must be on or off (got "maybe")',
      'RATE_LIMIT_WINDOW_SCALE: must be a positive number (got "-1")',
    ]);
  });

  it('reads the site name, which names the default sender too', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://proxy.example' }).siteName).toBe('ProxyMob');
    expect(loadConfig({ PUBLIC_URL: 'https://proxy.example', SITE_NAME: '  Acme Proxies ' })).toMatchObject({
      siteName: 'Acme Proxies',
      mailFrom: 'Acme Proxies <noreply@proxy.example>',
    });
    // A comma or a dot would split or end an unquoted display name.
    expect(loadConfig({ PUBLIC_URL: 'https://proxy.example', SITE_NAME: 'Acme, Inc.' }).mailFrom).toBe(
      '"Acme, Inc." <noreply@proxy.example>',
    );
    // An explicit sender wins over the name.
    expect(loadConfig({ SITE_NAME: 'Acme', MAIL_FROM: 'Robot <r@proxy.example>' }).mailFrom).toBe(
      'Robot <r@proxy.example>',
    );
    expect(problemsOf({ SITE_NAME: 'Acme\r\nBcc: a@b.c' })).toEqual([
      'SITE_NAME: must be 1 to 60 characters, without line breaks or any of < > " \\ (got "Acme\\r\\nBcc: a@b.c")',
    ]);
    expect(problemsOf({ SITE_NAME: 'Acme <a@b.c>' })).toHaveLength(1);
    expect(problemsOf({ SITE_NAME: 'x'.repeat(61) })).toHaveLength(1);
  });

  it('reads how long a crypto amount stays held after its invoice: 24 h unless set, from 1 to 720', () => {
    expect(loadConfig({}).billing).toMatchObject({ invoiceTtlMinutes: 60, invoiceAmountReserveHours: 24 });
    expect(loadConfig({ INVOICE_AMOUNT_RESERVE_HOURS: '72' }).billing.invoiceAmountReserveHours).toBe(72);
    for (const bad of ['0', '721', '1.5', 'a day']) {
      expect(problemsOf({ INVOICE_AMOUNT_RESERVE_HOURS: bad })).toEqual([
        expect.stringMatching(/^INVOICE_AMOUNT_RESERVE_HOURS: must be a whole number of hours from 1 to 720 \(got /),
      ]);
    }
  });

  it('reads how long a silent farm host stays online: 60 s unless set, from 3 to 86400 (#42)', () => {
    expect(loadConfig({}).agentSilentSeconds).toBe(60);
    expect(loadConfig({ AGENT_SILENT_SECONDS: '5' }).agentSilentSeconds).toBe(5);
    for (const bad of ['2', '86401', '1.5', 'a minute']) {
      expect(problemsOf({ AGENT_SILENT_SECONDS: bad })).toEqual([
        expect.stringMatching(/^AGENT_SILENT_SECONDS: must be a whole number of seconds from 3 to 86400 \(got /),
      ]);
    }
  });

  it("reads the farm agents' own pool size: 3 unless set, 0 (shared) to 20 (#42)", () => {
    expect(loadConfig({}).dbAgentPoolSize).toBe(3);
    expect(loadConfig({ DB_AGENT_POOL_SIZE: '0' }).dbAgentPoolSize).toBe(0);
    expect(loadConfig({ DB_AGENT_POOL_SIZE: '5' }).dbAgentPoolSize).toBe(5);
    for (const bad of ['21', '-1', '2.5', 'three']) {
      expect(problemsOf({ DB_AGENT_POOL_SIZE: bad })).toEqual([
        expect.stringMatching(/^DB_AGENT_POOL_SIZE: must be a whole number from 0 to 20 \(got /),
      ]);
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it('names every bad variable and says why, in one error', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/app',
      SMTP_URL: 'http://mail',
      REDIS_URL: 'not a url',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'ftp://site',
    });
    expect(problems).toEqual([
      'PORT: must be a whole number between 0 and 65535 (got "eighty")',
      'DATABASE_URL: must be a PostgreSQL URL (postgres:// or postgresql://...) (got "mysql://db/app")',
      'PUBLIC_URL: must be an http(s) URL (http:// or https://...) (got "ftp://site")',
      'SMTP_URL: must be an SMTP URL (smtp:// or smtps://...) (got "http://mail")',
      'REDIS_URL: must be a Redis URL (redis:// or rediss://...) (got "not a url")',
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ]);
  });

  it('refuses a port out of range', () => {
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT: must be a whole number between 0 and 65535 (got 70000)']);
  });

  it('requires a real SECRET_KEY and a mail server in production', () => {
    const smtp = { SMTP_URL: 'smtp://mail.example:25' };
    expect(problemsOf({ NODE_ENV: 'production', ...smtp })).toEqual([
      'SECRET_KEY: is required when NODE_ENV=production (tokens in e-mail links are signed with it)',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', SECRET_KEY: 'short', ...smtp })).toEqual([
      'SECRET_KEY: must be at least 32 characters in production',
    ]);
    // Without one the confirmation and reset links would only be in the log, readable by whoever reads it.
    expect(problemsOf({ NODE_ENV: 'production', SECRET_KEY: 's'.repeat(32) })).toEqual([
      'SMTP_URL: is required when NODE_ENV=production (confirmation and reset links are sent by e-mail)',
    ]);
    expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY: 's'.repeat(32), ...smtp }).warnings).toEqual([]);
    // Development keeps the log as its mailbox.
    expect(loadConfig({ SECRET_KEY: 's'.repeat(32) }).smtpUrl).toBeUndefined();
  });

  it('formats the message for the terminal', () => {
    expect(() => loadConfig({ PORT: 'x' })).toThrow(
      'Invalid environment configuration:\n  - PORT: must be a whole number between 0 and 65535 (got "x")',
    );
  });
});
