// `site contact list` and `site contact export`: the owners read contact messages from the store.
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { Command, InvalidArgumentError, Option } from 'commander';
import { SettingsError, settingsFromEnv } from '../server/backend-config.ts';
import type { ContactStore } from '../server/contact-store.ts';
import { csvLines, jsonLines, printable } from '../server/contact-export.ts';

async function openStore(root: string, dataDir: string | undefined): Promise<ContactStore> {
  // Loaded here, not at the top: every other command would pay for the native SQLite module.
  const { ContactStore } = await import('../server/contact-store.ts');
  const dir = dataDir ?? settingsFromEnv(root).dataDir;
  // relay: false only decides what new messages get; this command stores none.
  return ContactStore.open(dir, { relay: false });
}

function wholeMonths(value: string): number {
  const months = Number(value);
  if (!Number.isInteger(months) || months < 1) throw new InvalidArgumentError('a whole number of months, 1 or more');
  return months;
}

export function registerContactCommands(program: Command, root: string): void {
  const contact = program.command('contact').description('Read the messages sent through the contact form (data directory: SITE_DATA_DIR or .data/).');

  contact
    .command('list')
    .description('Show the newest messages, newest first.')
    .option('--data <dir>', 'data directory (default: $SITE_DATA_DIR or .data/)')
    .addOption(new Option('--limit <n>', 'how many').default(20).argParser((v) => Number.parseInt(v, 10)))
    .action(async (opts: { data?: string; limit: number }) => {
      const store = await openStore(root, opts.data);
      try {
        const { messages, pending, sent, dead } = store.counts();
        const relayed = pending || sent || dead ? ` (${sent} relayed, ${pending} waiting for the mail server${dead ? `, ${dead} dead letter${dead === 1 ? '' : 's'}` : ''})` : '';
        console.log(`${messages} message${messages === 1 ? '' : 's'} in ${store.file}${relayed}\n`);
        for (const m of store.list(opts.limit)) {
          const error = m.lastError ? `: ${printable(m.lastError)}` : '';
          const attempts = `${m.attempts} attempt${m.attempts === 1 ? '' : 's'}`;
          const relay =
            m.relay === 'pending' ? `relay pending, ${attempts}${m.unconfirmed ? ', the mail server may have it already' : ''}${error}`
            : m.relay === 'dead' ? `dead letter, not relayed after ${attempts}${error}`
            : m.relay === 'sent' ? `relayed ${m.sentAt}`
            : 'stored';
          console.log(`#${m.id}  ${m.receivedAt}  ${m.locale}  ${printable(m.name)} <${printable(m.email)}>  [${relay}]`);
          for (const line of printable(m.message, true).split('\n')) console.log(`    ${line}`);
          console.log('');
        }
      } finally {
        store.close();
      }
    });

  contact
    .command('purge')
    .description('Delete contact messages and analytics counters older than the retention period (DATA_RETENTION_MONTHS, 12 by default); `site start` does this daily by itself.')
    .option('--data <dir>', 'data directory (default: $SITE_DATA_DIR or .data/)')
    .addOption(new Option('--months <n>', 'retention period in months (default: $DATA_RETENTION_MONTHS or 12)').argParser(wholeMonths))
    .action(async (opts: { data?: string; months?: number }) => {
      let settings;
      try {
        settings = settingsFromEnv(root);
      } catch (error) {
        if (!(error instanceof SettingsError)) throw error;
        console.error(`site contact purge: ${error.message}`);
        process.exitCode = 1;
        return;
      }
      const dataDir = opts.data ? path.resolve(opts.data) : settings.dataDir;
      const store = await openStore(root, dataDir);
      try {
        const { purgeExpired, describePurge } = await import('../server/retention.ts');
        console.log(`${describePurge(purgeExpired(store, dataDir, opts.months ?? settings.retentionMonths))} (in ${dataDir})`);
      } finally {
        store.close();
      }
    });

  contact
    .command('export')
    .description('Write every message, oldest first, as CSV or JSON (to stdout, or --out).')
    .addOption(new Option('--format <format>', 'output format').choices(['csv', 'json']).makeOptionMandatory())
    .option('--out <file>', 'write to a file instead of stdout')
    .option('--data <dir>', 'data directory (default: $SITE_DATA_DIR or .data/)')
    .action(async (opts: { format: 'csv' | 'json'; out?: string; data?: string }) => {
      const store = await openStore(root, opts.data);
      const out: Writable = opts.out ? createWriteStream(opts.out, { mode: 0o600 }) : process.stdout;
      try {
        const lines = opts.format === 'csv' ? csvLines(store.iterate()) : jsonLines(store.iterate());
        // On a terminal, what a visitor typed must not steer it; a file or a pipe gets the values exactly.
        const toTerminal = !opts.out && process.stdout.isTTY;
        for (const line of lines) if (!out.write(toTerminal ? printable(line, true) : line)) await once(out, 'drain');
      } finally {
        store.close();
        if (opts.out) {
          out.end();
          await once(out, 'finish');
        }
      }
    });
}
