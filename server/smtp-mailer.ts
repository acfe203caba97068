// Sending one mail over SMTP and saying how it went, in the terms the relay decides by: sent,
// refused for good, worth another try, or unknown. "Unknown" is the case that makes duplicates: the
// message body went out and then the server fell silent or the connection broke, so the server may
// well have it. That is told apart from a failure before the body by watching for the server's
// "354" (go ahead with the body) in nodemailer's transaction log.
import type { SendMailOptions } from 'nodemailer';
import type { SmtpSettings } from './backend-config.ts';

/** nodemailer, imported with the first mail: a server or a build that sends none does not load it. */
let mailerModule: Promise<typeof import('nodemailer')> | undefined;

export type SendResult = { ok: true } | { ok: false; kind: 'permanent' | 'transient' | 'unconfirmed'; error: string };

export interface Mailer {
  send(mail: SendMailOptions): Promise<SendResult>;
  close(): void;
}

export interface SmtpTimeouts {
  /** Silence from the server, at any step, after which the attempt is broken off. */
  socketTimeoutMs: number;
  /** The longest a whole send may take; the relay's lease is longer than this. */
  sendTimeoutMs: number;
}

/** Steps whose 5xx answer is about this message (sender, recipient, content), not the connection. */
const MESSAGE_STEPS = new Set(['MAIL FROM', 'RCPT TO', 'DATA']);

interface SmtpError extends Error {
  code?: string;
  command?: string;
  responseCode?: number;
}

/** How a failed send is to be treated, given whether the server had asked for the body. */
export function classifyFailure(error: SmtpError, bodySent: boolean): Exclude<SendResult, { ok: true }> {
  const text = error.message ?? String(error);
  const code = error.responseCode;
  if (code && code >= 500 && code < 600 && MESSAGE_STEPS.has(error.command ?? ''))
    return { ok: false, kind: 'permanent', error: text };
  // A reply (4xx, or 5xx about the connection) means the server said no: nothing was delivered.
  if (bodySent && !code) return { ok: false, kind: 'unconfirmed', error: text };
  return { ok: false, kind: 'transient', error: text };
}

/** One connection per mail, so a slow mail holds only itself up and its log is its own. */
export function smtpMailer(smtp: SmtpSettings, timeouts: SmtpTimeouts): Mailer {
  return {
    async send(mail) {
      let bodySent = false;
      const watch = (_entry: unknown, message: unknown) => {
        if (typeof message === 'string' && /^354[ -]/.test(message)) bodySent = true;
      };
      const nodemailer = (await (mailerModule ??= import('nodemailer'))).default;
      const transport = nodemailer.createTransport({
        url: smtp.url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: timeouts.socketTimeoutMs,
        debug: true,
        logger: {
          trace: () => undefined,
          debug: watch,
          info: () => undefined,
          warn: () => undefined,
          error: () => undefined,
          fatal: () => undefined,
        } as never,
      });
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(Object.assign(new Error(`no answer within ${timeouts.sendTimeoutMs} ms`), { code: 'ETIMEDOUT' })),
          timeouts.sendTimeoutMs,
        );
      });
      try {
        await Promise.race([transport.sendMail(mail), deadline]);
        return { ok: true };
      } catch (error) {
        return classifyFailure(error as SmtpError, bodySent);
      } finally {
        clearTimeout(timer);
        transport.close();
      }
    },
    close() {},
  };
}
