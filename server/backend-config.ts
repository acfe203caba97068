// How the contact backend is set up on a machine: from the environment, because the data
// directory and the SMTP credentials belong to the host, not to the repository.
import path from 'node:path';

export interface RateLimit {
  /** Requests per window and IP address (per /64 for IPv6). */
  max: number;
  windowMs: number;
}

export interface SmtpSettings {
  /** smtp://user:pass@host:587 or smtps://…:465; TLS options as URL query (nodemailer syntax). */
  url: string;
  to: string;
  /** Empty: contact-form@ the site's own domain. */
  from: string;
}

export interface RelayTiming {
  /** First retry after this long; every further failure doubles it, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Attempts after which a message still failing becomes a dead letter. */
  maxAttempts: number;
  /** Silence from the mail server after which an attempt is broken off. */
  socketTimeoutMs: number;
  /** The longest one send may take in all. */
  sendTimeoutMs: number;
  /** How long a message being sent belongs to its sender: longer than sendTimeoutMs. */
  leaseMs: number;
  /** The one retry of a message the server may already have (no answer after the body) waits this long. */
  unconfirmedDelayMs: number;
}

export interface BackendSettings {
  dataDir: string;
  /**
   * postgres://user:password@host:5432/database (DATABASE_URL): the store of several instances.
   * Unset: SQLite files in dataDir.
   */
  databaseUrl?: string;
  smtp?: SmtpSettings;
  relay: RelayTiming;
  /** Form submissions; `false` turns limiting off (load tests only). */
  rateLimit: RateLimit | false;
  /** Reveal requests, separately: a visitor presses both buttons more often than they send. */
  revealRateLimit: RateLimit | false;
  /** Take the client address from X-Forwarded-For (only behind a reverse proxy that sets it). */
  trustProxy: boolean;
  /** Origins besides the request's own host that may post (e.g. https://www.example.org). */
  allowedOrigins: string[];
  bodyLimitBytes: number;
  bodyTimeoutMs: number;
  /** Contact messages and analytics counters are deleted after this many months. */
  retentionMonths: number;
}

/**
 * 64 KiB: the largest valid message (5,000 characters of four-byte UTF-8, percent-encoded by a
 * plain form) fits, and anything bigger is not a contact message.
 */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** A whole send may take two and a half silences; its lease is twice that, so no send outlives it. */
export function smtpTimeouts(
  socketTimeoutMs: number,
): Pick<RelayTiming, 'socketTimeoutMs' | 'sendTimeoutMs' | 'leaseMs'> {
  const sendTimeoutMs = Math.round(socketTimeoutMs * 2.5);
  return { socketTimeoutMs, sendTimeoutMs, leaseMs: sendTimeoutMs * 2 };
}

export const DEFAULT_SETTINGS: Omit<BackendSettings, 'dataDir'> = {
  // 48 attempts with the hourly cap: a mail server may be down for two days and lose nothing.
  relay: {
    baseDelayMs: 30_000,
    maxDelayMs: 60 * 60_000,
    maxAttempts: 48,
    ...smtpTimeouts(120_000),
    unconfirmedDelayMs: 3 * 60 * 60_000,
  },
  rateLimit: { max: 10, windowMs: 10 * 60_000 },
  revealRateLimit: { max: 30, windowMs: 10 * 60_000 },
  trustProxy: false,
  allowedOrigins: [],
  bodyLimitBytes: BODY_LIMIT_BYTES,
  bodyTimeoutMs: 10_000,
  // What the privacy policy promises.
  retentionMonths: 12,
};

export class SettingsError extends Error {}

/** `10/600` is 10 requests per 600 seconds; `off` disables the limit. */
export function parseRateLimit(value: string, name: string): RateLimit | false {
  if (/^(off|false|0)$/i.test(value.trim())) return false;
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1)
    throw new SettingsError(`${name} must look like 10/600 (requests per seconds) or off, not "${value}"`);
  return { max: Number(match[1]), windowMs: Number(match[2]) * 1000 };
}

export function settingsFromEnv(root: string, env: NodeJS.ProcessEnv = process.env): BackendSettings {
  const settings: BackendSettings = { ...DEFAULT_SETTINGS, dataDir: path.resolve(root, env.SITE_DATA_DIR || '.data') };
  if (env.CONTACT_RATE_LIMIT) settings.rateLimit = parseRateLimit(env.CONTACT_RATE_LIMIT, 'CONTACT_RATE_LIMIT');
  if (env.CONTACT_REVEAL_RATE_LIMIT)
    settings.revealRateLimit = parseRateLimit(env.CONTACT_REVEAL_RATE_LIMIT, 'CONTACT_REVEAL_RATE_LIMIT');
  if (env.TRUST_PROXY) settings.trustProxy = /^(1|true|yes)$/i.test(env.TRUST_PROXY);
  if (env.CONTACT_ALLOWED_ORIGINS)
    settings.allowedOrigins = env.CONTACT_ALLOWED_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean);
  if (env.CONTACT_RETRY_BASE_MS)
    settings.relay = { ...settings.relay, baseDelayMs: positive(env.CONTACT_RETRY_BASE_MS, 'CONTACT_RETRY_BASE_MS') };
  if (env.CONTACT_RETRY_LIMIT)
    settings.relay = {
      ...settings.relay,
      maxAttempts: Math.ceil(positive(env.CONTACT_RETRY_LIMIT, 'CONTACT_RETRY_LIMIT', 'attempts')),
    };
  if (env.SMTP_TIMEOUT_MS) {
    const socketTimeoutMs = positive(env.SMTP_TIMEOUT_MS, 'SMTP_TIMEOUT_MS');
    settings.relay = { ...settings.relay, ...smtpTimeouts(socketTimeoutMs) };
  }
  if (env.DATA_RETENTION_MONTHS) {
    const months = Number(env.DATA_RETENTION_MONTHS);
    if (!Number.isInteger(months) || months < 1)
      throw new SettingsError(
        `DATA_RETENTION_MONTHS must be a whole number of months, 1 or more, not "${env.DATA_RETENTION_MONTHS}"`,
      );
    settings.retentionMonths = months;
  }
  if (env.DATABASE_URL) settings.databaseUrl = databaseUrl(env.DATABASE_URL);
  if (env.SMTP_URL) {
    if (!env.CONTACT_TO)
      throw new SettingsError('SMTP_URL is set but CONTACT_TO is not: say where contact messages should go');
    let url: URL;
    try {
      url = new URL(env.SMTP_URL);
    } catch {
      throw new SettingsError('SMTP_URL is not a URL (expected smtp://user:password@host:587 or smtps://…)');
    }
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
      throw new SettingsError(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`);
    settings.smtp = { url: env.SMTP_URL, to: env.CONTACT_TO, from: env.CONTACT_FROM ?? '' };
  }
  return settings;
}

function databaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SettingsError('DATABASE_URL is not a URL (expected postgres://user:password@host:5432/database)');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new SettingsError(
      `DATABASE_URL must start with postgres:// (PostgreSQL; unset it for SQLite in SITE_DATA_DIR), not ${url.protocol}//`,
    );
  return value;
}

function positive(value: string, name: string, unit = 'milliseconds'): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw new SettingsError(`${name} must be a positive number of ${unit}, not "${value}"`);
  return n;
}
