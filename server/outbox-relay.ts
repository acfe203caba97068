// The relay: sends stored messages from the outbox to the owners' inbox over SMTP, each once.
// A few senders work side by side, each leasing one message at a time for longer than a send can
// take, so a slow message holds up only itself and a sender that dies leaves only the message it
// held. The attempt is on record before the mail goes out. What happens next decides the rest:
// - accepted: done;
// - refused for good (5xx for this message): a dead letter, listed by `site contact list`;
// - failed before the body went out: retried with exponential backoff (with jitter, capped), so a
//   mail server that is down for hours receives everything when it returns, until the attempt
//   limit makes it a dead letter;
// - no answer after the body: the server may have it, so it is sent once more after a long delay
//   (unconfirmedDelayMs, three hours), with the same Message-ID, and never a third time;
// - the sender died mid-send (the process was killed): its lease runs out (leaseMs, ten minutes
//   with the default timeouts), and the next claim counts that as the one unconfirmed attempt.
// A message stored while senders are busy is taken by an idle one at once (`notify`).

import { setTimeout as sleep } from 'node:timers/promises';
import type { SendMailOptions } from 'nodemailer';
import { messageOf } from '../common/error-message.ts';
import type { RelayTiming } from './backend-config.ts';
import { contactMail, type MailSettings } from './contact-mail.ts';
import type { Log } from './log.ts';
import type { Mailer } from './smtp-mailer.ts';
import type { OutboxSource, RecordedOutcome, RelayOutcome, StoredMessage } from './store.ts';

export type { Mailer } from './smtp-mailer.ts';
export { smtpMailer } from './smtp-mailer.ts';
/** Where the relay takes its mails from: the messages' outbox, or the bookings', in either database. */
export type { OutboxSource } from './store.ts';

/** Messages sent at the same time, each over its own connection. */
const SENDERS = 4;

/** The first wait before an outcome the store did not take is recorded again, doubled up to the second. */
const RECORD_RETRY_MS = 250;
const RECORD_RETRY_MAX_MS = 5000;

/** Where the relay reports: lines for people, and (with LOG_FORMAT=json) one record per event. */
export type RelayLog = Pick<Log, 'error' | 'log' | 'relay'>;

export interface RelayEvent {
  event: RecordedOutcome['state'];
  id: number;
  /** Attempts before this one. */
  attempts: number;
  error?: string;
  retryAt?: string;
}

export function backoff(
  attempts: number,
  timing: Pick<RelayTiming, 'baseDelayMs' | 'maxDelayMs'>,
  random = Math.random,
): number {
  const base = Math.min(timing.maxDelayMs, timing.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export class OutboxRelay<M extends { id: number; attempts: number } = StoredMessage> {
  private timer: NodeJS.Timeout | undefined;
  /** The senders at work, each a loop that claims and sends until nothing is due. */
  private readonly senders = new Set<Promise<void>>();
  private stopped = false;
  /** Ends the waits of senders whose outcome the store did not take, when the relay stops. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly store: OutboxSource<M>,
    private readonly mailer: Mailer,
    /** How a claimed item becomes a mail: the contact mail's settings, or a function of its own. */
    private readonly mail: MailSettings | ((item: M) => SendMailOptions),
    private readonly timing: RelayTiming,
    private readonly log: RelayLog = console,
  ) {}

  /** Sends what is due now (a backlog from before a restart, say) and keeps going. */
  start(): void {
    this.kick();
  }

  /** A message was stored: an idle sender takes it now, even while others are busy with slow sends. */
  notify(): void {
    this.kick();
  }

  /** Resolves once no sender is at work: what was due is sent or scheduled again (one-off sends,
   * as `site contact cancel` makes). */
  async idle(): Promise<void> {
    while (this.senders.size) await Promise.all([...this.senders]);
  }

  /** Senders at work right now (at most SENDERS). */
  get busy(): number {
    return this.senders.size;
  }

  /**
   * Waits for the sends in progress (a slow mail server for at most `graceMs`), then closes the
   * mailer. Unsent messages stay due; one still being sent stays leased, and the next start treats
   * it as unconfirmed once its lease has run out.
   */
  async stop(graceMs = 5000): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    clearTimeout(this.timer);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(this.senders), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    this.mailer.close();
  }

  /** Puts one more sender to work, if one is idle. A sender that finds nothing due ends. */
  private kick(): void {
    if (this.stopped || this.senders.size >= SENDERS) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    // Started on the next microtask, so it is counted in `senders` before it claims (and kicks) anything.
    const sender: Promise<void> = Promise.resolve()
      .then(() => this.send())
      .catch((error: Error) => this.log.error(`[contact] relay sender failed: ${error.message}`))
      .finally(() => {
        this.senders.delete(sender);
        if (this.senders.size === 0) this.schedule();
      });
    this.senders.add(sender);
  }

  /** When nobody is at work: wake up for the next message due (a retry, or a lease that ends). */
  private schedule(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    void Promise.resolve()
      .then(() => this.store.nextDue())
      .then(
        (due) => {
          if (due === undefined || this.stopped || this.senders.size) return;
          clearTimeout(this.timer);
          this.timer = setTimeout(() => this.kick(), Math.min(Math.max(0, due - Date.now()), 2 ** 31 - 1));
        },
        // The database does not answer (PostgreSQL restarting, say): look again after the first
        // retry delay, so the relay resumes by itself once it is back.
        (error: Error) => {
          if (this.stopped || this.senders.size) return;
          this.log.error(
            `[contact] relay: the store did not answer (${error.message}); looking again in ${Math.round(this.timing.baseDelayMs / 1000)} s`,
          );
          clearTimeout(this.timer);
          this.timer = setTimeout(() => this.kick(), this.timing.baseDelayMs);
        },
      );
  }

  /** One sender: claims due messages one by one until none is due or the mail server seems down. */
  private async send(): Promise<void> {
    while (!this.stopped) {
      const message = await this.store.claimNext(Date.now(), this.timing);
      if (!message) return;
      // Several are due: wake another sender for the next one rather than leave it to this one's turn.
      this.kick();
      const outcome = await this.attempt(message);
      const recorded = await this.record(message.id, outcome);
      // Stopped before the store took it (closed while this send took its time): the lease tells the next start.
      if (!recorded) return;
      this.log.relay?.({
        event: recorded.state,
        id: message.id,
        attempts: message.attempts,
        ...(recorded.error ? { error: recorded.error } : {}),
        ...(recorded.retryAt ? { retryAt: new Date(recorded.retryAt).toISOString() } : {}),
      });
      if (recorded.state !== 'sent') this.log.error(`[contact] relay of message #${message.id}: ${describe(recorded)}`);
      // Nothing got through: the mail server is probably down; this sender waits for the backoff.
      if (outcome.kind === 'retry') return;
    }
  }

  /**
   * Records what became of an attempt, waiting for a store that does not answer (the database
   * restarting): a mail that went out but is not on record would be sent once more when its lease
   * ends, so the record is tried again until it is taken or the relay stops.
   */
  private async record(id: number, outcome: RelayOutcome): Promise<RecordedOutcome | undefined> {
    for (let waitMs = RECORD_RETRY_MS; ; waitMs = Math.min(waitMs * 2, RECORD_RETRY_MAX_MS)) {
      if (!this.store.isOpen) return undefined;
      try {
        return await this.store.recordOutcome(id, outcome, this.timing);
      } catch (error) {
        // Stopping: the lease tells the next start, as for a send cut off.
        if (this.stopped || !this.store.isOpen) return undefined;
        this.log.error(
          `[contact] relay: what became of #${id} (${outcome.kind}) is not on record yet (${messageOf(error)}); trying again in ${waitMs / 1000} s`,
        );
        await sleep(waitMs, undefined, { signal: this.stopping.signal }).catch(() => undefined);
      }
    }
  }

  private async attempt(message: M): Promise<RelayOutcome> {
    const mail =
      typeof this.mail === 'function'
        ? this.mail(message)
        : contactMail(message as unknown as StoredMessage, this.mail);
    const result = await this.mailer.send(mail);
    if (result.ok) return { kind: 'sent' };
    if (result.kind === 'permanent') return { kind: 'permanent', error: result.error };
    if (result.kind === 'unconfirmed')
      return { kind: 'unconfirmed', error: result.error, retryAt: Date.now() + this.timing.unconfirmedDelayMs };
    return { kind: 'retry', error: result.error, retryAt: Date.now() + backoff(message.attempts, this.timing) };
  }
}

/** The log line of an attempt, from what the store made of it: a dead letter is never announced as a retry. */
function describe(recorded: Exclude<RecordedOutcome, { state: 'sent' }>): string {
  switch (recorded.state) {
    case 'dead':
      return `${recorded.error}; kept as a dead letter, not sent again (site contact list shows it)`;
    case 'unconfirmed':
      return `no answer after the message was sent (${recorded.error}); the mail server may have it, one more try at ${new Date(recorded.retryAt).toISOString()}, never a third`;
    case 'retry':
      return `not accepted (${recorded.error}); retried at ${new Date(recorded.retryAt).toISOString()}`;
  }
}
