// The relay: sends stored messages from the outbox to the owners' inbox over SMTP. A message stays
// in the outbox until the mail server has accepted it; a failure is retried with exponential
// backoff (with jitter, capped), so a mail server that is down for hours receives everything when
// it returns. Delivery is at least once: a crash between "accepted" and "recorded" sends again,
// with the same Message-ID.
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { RelayTiming, SmtpSettings } from './backend-config.ts';
import type { ContactStore } from './contact-store.ts';
import { contactMail, type MailSettings } from './contact-mail.ts';

export interface Mailer {
  sendMail(options: SendMailOptions): Promise<unknown>;
  close(): void;
}

/** Messages leased per round; the pool sends them over a few connections. */
const BATCH = 50;
/** A leased message whose sender died becomes due again after this long. */
const LEASE_MS = 2 * 60_000;

export function smtpMailer(smtp: SmtpSettings): Mailer {
  return nodemailer.createTransport({
    url: smtp.url,
    pool: true,
    maxConnections: 4,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

export function backoff(attempts: number, timing: RelayTiming, random = Math.random): number {
  const base = Math.min(timing.maxDelayMs, timing.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly store: ContactStore,
    private readonly mailer: Mailer,
    private readonly mail: MailSettings,
    private readonly timing: RelayTiming,
    private readonly log: Pick<Console, 'error' | 'log'> = console,
  ) {}

  /** Sends what is due now (a backlog from before a restart, say) and keeps going. */
  start(): void {
    this.kick();
  }

  /** A message was stored: send it without waiting for the timer. */
  notify(): void {
    this.kick();
  }

  /** Waits for the round in progress, then closes the SMTP connections. Unsent messages stay due. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.mailer.close();
  }

  private kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.drain()
      .catch((error: Error) => this.log.error(`[contact] relay round failed: ${error.message}`))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        } else this.schedule();
      });
  }

  private schedule(): void {
    if (this.stopped) return;
    const due = this.store.nextDue();
    if (due === undefined) return;
    this.timer = setTimeout(() => this.kick(), Math.min(Math.max(0, due - Date.now()), 2 ** 31 - 1));
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const batch = this.store.claimDue(Date.now(), BATCH, LEASE_MS);
      if (!batch.length) return;
      const sent: number[] = [];
      const failed: { id: number; nextAttemptAt: number; error: string }[] = [];
      await Promise.all(
        batch.map(async (message) => {
          try {
            await this.mailer.sendMail(contactMail(message, this.mail));
            sent.push(message.id);
          } catch (error) {
            const reason = (error as Error).message ?? String(error);
            failed.push({ id: message.id, nextAttemptAt: Date.now() + backoff(message.attempts + 1, this.timing), error: reason });
          }
        }),
      );
      this.store.recordRelays(sent, failed);
      if (failed.length) this.log.error(`[contact] relay: ${failed.length} of ${batch.length} messages not accepted (${failed[0].error}); they are retried later`);
      // Nothing got through: the mail server is probably down; wait for the backoff.
      if (!sent.length) return;
    }
  }
}
