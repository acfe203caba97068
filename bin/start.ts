// `site start`: the production server for a built site (server/main.ts).
import { type Command, Option } from 'commander';
import type { ProductionServer } from '../server/main.ts';

export function registerStartCommand(program: Command, root: string): void {
  program
    .command('start')
    .description(
      'Serve the built site in production: security headers, precompressed files, caching, and the contact endpoint. Configured by environment variables (see docs/contact.md).',
    )
    .option('--dir <dir>', 'the built site', 'build')
    .addOption(
      new Option('--port <port>', 'port to listen on')
        .env('PORT')
        .default(8080)
        .argParser((v) => Number.parseInt(v, 10)),
    )
    .addOption(new Option('--host <host>', 'address to listen on (0.0.0.0 for all)').env('HOST').default('127.0.0.1'))
    .action(async (opts: { dir: string; port: number; host: string }) => {
      // Loaded here, not at the top: every other command would pay for the server's imports.
      const [
        { settingsFromEnv, SettingsError },
        { startProductionServer },
        { MissingBuildError },
        { logFor, logFormatOf, LogFormatError },
        { StoreError },
        { ManifestError },
      ] = await Promise.all([
        import('../server/backend-config.ts'),
        import('../server/main.ts'),
        import('../server/security-headers.ts'),
        import('../server/log.ts'),
        import('../server/store.ts'),
        import('../server/build-manifest.ts'),
      ]);
      let app: Awaited<ReturnType<typeof startProductionServer>>;
      let log: ReturnType<typeof logFor> = console;
      try {
        log = logFor(logFormatOf(process.env.LOG_FORMAT));
        const settings = settingsFromEnv(root);
        app = await startProductionServer({ root, dir: opts.dir, host: opts.host, port: opts.port, settings, log });
        handleSignals(app, log);
        const relay = settings.smtp
          ? `relayed to ${settings.smtp.to}`
          : `stored only (no SMTP_URL)${app.backend.config.contact?.booking ? '; booking invitations wait in the outbox until SMTP_URL is set' : ''}`;
        log.log(
          `[site] serving ${opts.dir}/ on ${app.url}/; contact messages in ${app.backend.store.location}, ${relay}`,
        );
        // Nobody is told of a message that is only stored: the owner hears it now, not when a
        // visitor asks why nobody answered.
        if (!settings.smtp && app.backend.config.contact)
          log.error(
            `[site] warning: contact messages will be stored in ${app.backend.store.location} but not mailed to anyone; set SMTP_URL to relay them (README, "Contact backend"), and read them meanwhile with \`site contact list\``,
          );
      } catch (error) {
        if (
          !(
            error instanceof SettingsError ||
            error instanceof MissingBuildError ||
            error instanceof LogFormatError ||
            error instanceof StoreError ||
            error instanceof ManifestError
          )
        )
          throw error;
        log.error(`site start: ${error.message}`);
        process.exitCode = 1;
        return;
      }
    });
}

/** Installed before the server says it serves: a supervisor may send SIGTERM the moment it reads that line. */
function handleSignals(server: ProductionServer, log: Pick<Console, 'log'>): void {
  // After a rebuild the server notices the new build by itself; SIGHUP also catches `_headers`
  // or `_redirects` edited in place.
  process.on('SIGHUP', () => server.reload());
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log.log(
        `[site] ${signal}: finishing requests in flight and the mail being sent (no new connections), then stopping`,
      );
      void server.close().then(() => process.exit(0));
    });
  }
}
