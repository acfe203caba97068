// `site contact list` and `site contact export`: the owners read contact messages from the store
// `site start` uses (PostgreSQL with DATABASE_URL, SQLite in the data directory otherwise).

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { messageOf } from '../common/error-message.ts';
import type { SiteConfig } from '../generator/config/config.ts';
import type { MessagesByLocale } from '../generator/theming/messages.ts';
import { type BackendSettings, SettingsError, settingsFromEnv } from '../server/backend-config.ts';
import { BOOKING_ID } from '../server/booking-id.ts';
import { csvLines, jsonLines, printable } from '../server/contact-export.ts';
import type { BookingMail, BookingMailKind, Store, StoredBooking } from '../server/store.ts';

/** The site's config and UI strings, for the booking's time zone and the visitor's mail. */
async function siteOf(root: string): Promise<{ config: SiteConfig; messages: MessagesByLocale }> {
  const { loadConfig } = await import('../generator/config/config-file.ts');
  const { loadMessages } = await import('../generator/theming/messages.ts');
  const loaded = await loadConfig(root);
  if (!loaded.config)
    throw new SettingsError(
      `the site configuration has problems:\n${loaded.diagnostics.map((d) => `${d.file}${d.line ? `:${d.line}` : ''}  ${d.message}`).join('\n')}`,
    );
  const strings = await loadMessages(root, Object.keys(loaded.config.locales));
  if (!strings.messages)
    throw new SettingsError(
      `the site's UI strings have problems:\n${strings.diagnostics.map((d) => `${d.file}${d.line ? `:${d.line}` : ''}  ${d.message}`).join('\n')}`,
    );
  return { config: loaded.config, messages: strings.messages };
}

/** A booking's call in the office's zone, e.g. "2026-12-01 10:00–10:30 Europe/Vienna". */
function callTime(b: StoredBooking, zone: string): string {
  const f = new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const t = new Intl.DateTimeFormat('sv-SE', { timeZone: zone, hour: '2-digit', minute: '2-digit' });
  return `${f.format(new Date(b.start))}–${t.format(new Date(b.end))} ${zone}`;
}

/**
 * The store `site start` uses: PostgreSQL with DATABASE_URL, else SQLite in `dataDir` (--data, or
 * SITE_DATA_DIR). `relay` only decides whether mails this command queues go into the outbox.
 */
async function openStore(
  command: string,
  root: string,
  dataDir: string | undefined,
  relay = false,
): Promise<Store | undefined> {
  // Loaded here, not at the top: every other command would pay for the database drivers.
  const { openStore: open } = await import('../server/open-store.ts');
  let store: Store | undefined;
  try {
    const settings = settingsFromEnv(root);
    store = open(
      { dataDir: dataDir ? path.resolve(dataDir) : settings.dataDir, databaseUrl: settings.databaseUrl },
      { relay },
    );
    await store.ready();
    return store;
  } catch (error) {
    await store?.close();
    console.error(`site contact ${command}: ${messageOf(error)}`);
    process.exitCode = 1;
    return undefined;
  }
}

function wholeMonths(value: string): number {
  const months = Number(value);
  if (!Number.isInteger(months) || months < 1) throw new InvalidArgumentError('a whole number of months, 1 or more');
  return months;
}

export function registerContactCommands(program: Command, root: string): void {
  const contact = program
    .command('contact')
    .description(
      'Read the messages sent through the contact form and the bookings of introductory calls (in PostgreSQL with DATABASE_URL, else in the data directory: SITE_DATA_DIR or .data/).',
    );

  contact
    .command('list')
    .description('Show the newest messages, newest first, then the bookings (calls to come first).')
    .option('--data <dir>', 'data directory (default: $SITE_DATA_DIR or .data/)')
    .addOption(new Option('--limit <n>', 'how many').default(20).argParser((v) => Number.parseInt(v, 10)))
    .action(async (opts: { data?: string; limit: number }) => {
      const store = await openStore('list', root, opts.data);
      if (!store) return;
      try {
        const { messages, pending, sent, dead } = await store.messages.counts();
        const relayed =
          pending || sent || dead
            ? ` (${sent} relayed, ${pending} waiting for the mail server${dead ? `, ${dead} dead letter${dead === 1 ? '' : 's'}` : ''})`
            : '';
        console.log(`${messages} message${messages === 1 ? '' : 's'} in ${store.location}${relayed}\n`);
        for (const m of await store.messages.list(opts.limit)) {
          const error = m.lastError ? `: ${printable(m.lastError)}` : '';
          const attempts = `${m.attempts} attempt${m.attempts === 1 ? '' : 's'}`;
          const relay =
            m.relay === 'pending'
              ? `relay pending, ${attempts}${m.unconfirmed ? ', the mail server may have it already' : ''}${error}`
              : m.relay === 'dead'
                ? `dead letter, not relayed after ${attempts}${error}`
                : m.relay === 'sent'
                  ? `relayed ${m.sentAt}`
                  : 'stored';
          console.log(
            `#${m.id}  ${m.receivedAt}  ${m.locale}  ${printable(m.name)} <${printable(m.email)}>  [${relay}]`,
          );
          for (const line of printable(m.message, true).split('\n')) console.log(`    ${line}`);
          console.log('');
        }
        await listBookings(store, root, opts.limit);
      } finally {
        await store.close();
      }
    });

  contact
    .command('cancel')
    .description(
      'Cancel a booking (its id from `site contact list`): the time is free again at once, and the visitor gets a cancellation by e-mail with the calendar cancellation.',
    )
    .argument('<id>', "the booking's id, as `site contact list` shows it", (v) => {
      const id = v.replace(/^#/, '').toLowerCase();
      if (!BOOKING_ID.test(id))
        throw new InvalidArgumentError('a booking id like 7k2m9qx4dt3h (see `site contact list`)');
      return id;
    })
    .option('--data <dir>', 'data directory (default: $SITE_DATA_DIR or .data/)')
    .action(async (id: string, opts: { data?: string }) => {
      let settings: BackendSettings;
      let site: Awaited<ReturnType<typeof siteOf>>;
      try {
        settings = settingsFromEnv(root);
        site = await siteOf(root);
      } catch (error) {
        if (!(error instanceof SettingsError)) throw error;
        console.error(`site contact cancel: ${error.message}`);
        process.exitCode = 1;
        return;
      }
      const store = await openStore('cancel', root, opts.data, Boolean(settings.smtp));
      if (!store) return;
      const bookings = store.bookings;
      try {
        const result = await bookings.cancel(id, new Date().toISOString());
        if (result.status === 'not-found') {
          console.error(`site contact cancel: there is no booking #${id}; \`site contact list\` shows them`);
          process.exitCode = 1;
          return;
        }
        const b = result.booking;
        const zone = site.config.contact?.booking?.timeZone ?? 'UTC';
        if (result.status === 'already-cancelled') {
          console.log(`Booking #${id} (${callTime(b, zone)}) was cancelled already, at ${b.cancelledAt}.`);
          return;
        }
        console.log(
          `Cancelled booking #${id}: ${callTime(b, zone)}, ${printable(b.name)} <${printable(b.email)}>. The time is free again.`,
        );
        if (!result.mailed) {
          console.log(
            `The invitation had not been sent to ${printable(b.email)}, so it is withdrawn and no cancellation is sent.`,
          );
          return;
        }
        if (!settings.smtp) {
          console.log(
            `No mail server is configured (SMTP_URL): the cancellation waits in the outbox, and \`site start\` sends it once one is; or tell ${printable(b.email)} yourself.`,
          );
          return;
        }
        // Sent now, through the outbox like every booking mail; if the mail server does not take
        // it, the running server's relay tries again.
        const { OutboxRelay, smtpMailer } = await import('../server/outbox-relay.ts');
        const { bookingMail, bookingMailSettings } = await import('../server/booking-mail.ts');
        const mail = bookingMailSettings(site.config, site.messages, settings);
        const relay = new OutboxRelay<BookingMail>(
          bookings,
          smtpMailer(settings.smtp, settings.relay),
          (item) => bookingMail(item, mail),
          settings.relay,
          { log: () => undefined, error: () => undefined },
        );
        relay.start();
        await relay.idle();
        await relay.stop(settings.relay.sendTimeoutMs);
        const mailState = (await bookings.mailStates(id)).filter((m) => m.kind === 'cancellation').at(-1);
        if (mailState?.state === 'sent') console.log(`The cancellation was mailed to ${printable(b.email)}.`);
        else
          console.log(
            `The cancellation mail to ${printable(b.email)} was not sent yet${mailState?.lastError ? ` (${printable(mailState.lastError)})` : ''}; it waits in the outbox, and \`site start\` sends it.`,
          );
      } finally {
        await store.close();
      }
    });

  contact
    .command('purge')
    .description(
      'Delete contact messages, bookings and analytics counters older than the retention period (DATA_RETENTION_MONTHS, 12 by default); `site start` does this daily by itself.',
    )
    .option('--data <dir>', 'data directory (default: $SITE_DATA_DIR or .data/)')
    .addOption(
      new Option('--months <n>', 'retention period in months (default: $DATA_RETENTION_MONTHS or 12)').argParser(
        wholeMonths,
      ),
    )
    .action(async (opts: { data?: string; months?: number }) => {
      let settings: BackendSettings;
      try {
        settings = settingsFromEnv(root);
      } catch (error) {
        if (!(error instanceof SettingsError)) throw error;
        console.error(`site contact purge: ${error.message}`);
        process.exitCode = 1;
        return;
      }
      const store = await openStore('purge', root, opts.data);
      if (!store) return;
      try {
        const { purgeExpired, describePurge, purgeExpiredBookings, describeBookingPurge } = await import(
          '../server/retention.ts'
        );
        const where =
          store.kind === 'sqlite' ? (opts.data ? path.resolve(opts.data) : settings.dataDir) : store.location;
        console.log(
          `${describePurge(await purgeExpired(store, opts.months ?? settings.retentionMonths))} (in ${where})`,
        );
        console.log(
          describeBookingPurge(await purgeExpiredBookings(store.bookings, opts.months ?? settings.retentionMonths)),
        );
      } finally {
        await store.close();
      }
    });

  contact
    .command('export')
    .description('Write every message, oldest first, as CSV or JSON (to stdout, or --out).')
    .addOption(new Option('--format <format>', 'output format').choices(['csv', 'json']).makeOptionMandatory())
    .option('--out <file>', 'write to a file instead of stdout')
    .option('--data <dir>', 'data directory (default: $SITE_DATA_DIR or .data/)')
    .action(async (opts: { format: 'csv' | 'json'; out?: string; data?: string }) => {
      const store = await openStore('export', root, opts.data);
      if (!store) return;
      const out: Writable = opts.out ? createWriteStream(opts.out, { mode: 0o600 }) : process.stdout;
      try {
        const lines = opts.format === 'csv' ? csvLines(store.messages.iterate()) : jsonLines(store.messages.iterate());
        // On a terminal, what a visitor typed must not steer it; a file or a pipe gets the values exactly.
        const toTerminal = !opts.out && process.stdout.isTTY;
        for await (const line of lines)
          if (!out.write(toTerminal ? printable(line, true) : line)) await once(out, 'drain');
      } finally {
        await store.close();
        if (opts.out) {
          out.end();
          await once(out, 'finish');
        }
      }
    });
}

/** A booking's mails as the owners call them. */
const MAIL_NAMES: Record<BookingMailKind, string> = { confirmation: 'invitation', cancellation: 'cancellation' };

/** The bookings, calls to come first (soonest first), then cancelled and past ones, each with the
 * state of its mails: `queued` (waiting for its time, a retry or a mail server), `sent` or `dead`. */
async function listBookings(store: Store, root: string, limit: number): Promise<void> {
  const bookings = store.bookings;
  {
    const now = new Date().toISOString();
    const { upcoming, cancelled, past } = await bookings.counts(now);
    if (!upcoming && !cancelled && !past) return;
    let zone = 'UTC';
    try {
      zone = (await siteOf(root)).config.contact?.booking?.timeZone ?? zone;
    } catch {
      // Times in UTC then; the list is still worth reading.
    }
    console.log(
      `${upcoming} booking${upcoming === 1 ? '' : 's'} to come, ${past} past, ${cancelled} cancelled (cancel one with \`site contact cancel <id>\`)\n`,
    );
    for (const b of await bookings.list(now, limit)) {
      const mails = (await bookings.mailStates(b.id)).map(
        (m) =>
          `${MAIL_NAMES[m.kind]} ${m.state}${m.state !== 'sent' && m.lastError ? `: ${printable(m.lastError)}` : ''}`,
      );
      const state = b.cancelledAt ? `cancelled ${b.cancelledAt}` : b.end < now ? 'past' : 'booked';
      console.log(
        `booking #${b.id}  ${callTime(b, zone)}  ${b.locale}  ${printable(b.name)} <${printable(b.email)}>  [${state}${mails.length ? `; ${mails.join(', ')}` : ''}]`,
      );
      if (b.topic) for (const line of printable(b.topic, true).split('\n')) console.log(`    ${line}`);
      console.log(`    booked ${b.bookedAt}`);
      console.log('');
    }
  }
}
