// The relay: sends stored messages from the outbox to the owners' inbox over SMTP, each once.
// A few senders work side by side, each leasing one message at a time for longer than a send can
// take, so a slow message holds up only itself and a sender that dies leaves only the message it
// held. The attempt is on record before the mail goes out. What happens next decides the rest:
// - accepted: done;
// - refused for good (5xx for this message): a dead letter, listed by `site contact list`;
// - failed before the body went out: retried with exponential backoff (with jitter, capped), so a
//   mail server that is down for hours receives everything when it returns, until the attempt
//   limit makes it a dead letter;
// - no answer after the body (or the sender died mid-send): the server may have it, so it is sent
//   once more after a long delay, with the same Message-ID, and never a third time.
import type { SendMailOptions } from 'nodemailer';
import type { RelayTiming } from './backend-config.ts';
import type { ClaimRules, RelayOutcome, StoredMessage } from './contact-store.ts';
import { contactMail, type MailSettings } from './contact-mail.ts';
import type { Mailer } from './smtp-mailer.ts';

/** Where the relay takes its mails from: the contact store's outbox, or the booking store's. */
export interface OutboxSource<M extends { id: number; attempts: number }> {
  claimNext(now: number, rules: ClaimRules): M | undefined | Promise<M | undefined>;
  recordOutcome(id: number, outcome: RelayOutcome, rules: ClaimRules): void | Promise<void>;
  nextDue(): number | undefined | Promise<number | undefined>;
  readonly isOpen: boolean;
}

export type { Mailer } from './smtp-mailer.ts';
export { smtpMailer } from './smtp-mailer.ts';

/** Messages sent at the same time, each over its own connection. */
const SENDERS = 4;

export function backoff(attempts: number, timing: Pick<RelayTiming, 'baseDelayMs' | 'maxDelayMs'>, random = Math.random): number {
  const base = Math.min(timing.maxDelayMs, timing.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export class OutboxRelay<M extends { id: number; attempts: number } = StoredMessage> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly store: OutboxSource<M>,
    private readonly mailer: Mailer,
    /** How a claimed item becomes a mail: the contact mail's settings, or a function of its own. */
    private readonly mail: MailSettings | ((item: M) => SendMailOptions),
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

  /**
   * Waits for the sends in progress (a slow mail server for at most `graceMs`), then closes the
   * mailer. Unsent messages stay due; one still being sent stays leased, and the next start treats
   * it as unconfirmed once its lease has run out.
   */
  async stop(graceMs = 5000): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
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
    void Promise.resolve(this.store.nextDue()).then((due) => {
      if (due === undefined || this.stopped || this.running) return;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.kick(), Math.min(Math.max(0, due - Date.now()), 2 ** 31 - 1));
    });
  }

  /** Senders take due messages one by one until none is due or the mail server seems down. */
  private async drain(): Promise<void> {
    let serverDown = false;
    const sender = async () => {
      while (!this.stopped && !serverDown) {
        const message = await this.store.claimNext(Date.now(), this.timing);
        if (!message) return;
        const outcome = await this.attempt(message);
        // Stopped while this send took its time: the store is closed, the lease tells the next start.
        if (!this.store.isOpen) return;
        await this.store.recordOutcome(message.id, outcome, this.timing);
        if (outcome.kind !== 'sent') this.log.error(`[contact] relay of message #${message.id}: ${describe(outcome)}`);
        // Nothing got through: the mail server is probably down; wait for the backoff.
        if (outcome.kind === 'retry') serverDown = true;
      }
    };
    await Promise.all(Array.from({ length: SENDERS }, sender));
  }

  private async attempt(message: M): Promise<RelayOutcome> {
    const mail = typeof this.mail === 'function' ? this.mail(message) : contactMail(message as unknown as StoredMessage, this.mail);
    const result = await this.mailer.send(mail);
    if (result.ok) return { kind: 'sent' };
    if (result.kind === 'permanent') return { kind: 'permanent', error: result.error };
    if (result.kind === 'unconfirmed') return { kind: 'unconfirmed', error: result.error, retryAt: Date.now() + this.timing.unconfirmedDelayMs };
    return { kind: 'retry', error: result.error, retryAt: Date.now() + backoff(message.attempts, this.timing) };
  }
}

function describe(outcome: Exclude<RelayOutcome, { kind: 'sent' }>): string {
  switch (outcome.kind) {
    case 'permanent':
      return `refused for good (${outcome.error}); kept as a dead letter`;
    case 'unconfirmed':
      return `no answer after the message was sent (${outcome.error}); the mail server may have it, one more try at ${new Date(outcome.retryAt).toISOString()}`;
    case 'retry':
      return `not accepted (${outcome.error}); retried at ${new Date(outcome.retryAt).toISOString()}`;
  }
}
