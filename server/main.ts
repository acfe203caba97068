// The production server: the built site with the URL rules of server/static.ts, its .br and .gz
// twins, revalidation for pages and a year of caching for hashed assets, the security headers the
// build decided (followed through rebuilds, server/build-generation.ts), and the contact endpoint. Shuts down gracefully: requests in flight are answered
// and queued messages committed before the process ends.
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { messageOf } from '../common/error-message.ts';
import { localePrefix } from '../common/locale-prefix.ts';
import type { SiteConfig } from '../generator/config/config.ts';
import { loadConfig } from '../generator/config/config-file.ts';
import { loadMessages, type MessagesByLocale } from '../generator/theming/messages.ts';
import type { ThemeForms } from '../generator/theming/theme-contract.ts';
import { type BackendSettings, settingsFromEnv } from './backend-config.ts';
import { enterBase } from './base-path.ts';
import { type BuildGeneration, CurrentBuild } from './build-generation.ts';
import { loadBuildForms, readServerManifest } from './build-manifest.ts';
import { ContactBackend, type Log } from './contact-backend.ts';
import { handleHealth } from './health.ts';
import { Insights } from './insights.ts';
import type { Mailer } from './outbox-relay.ts';
import { DAY_MS, describeBookingPurge, describePurge, purgeExpired, purgeExpiredBookings } from './retention.ts';
import { MissingBuildError } from './security-headers.ts';
import { type StaticOptions, serveStatic } from './static.ts';
import { StoreError } from './store.ts';

export interface ProductionServerOptions {
  /** The site's root: the data directory's default is here, and config/ and i18n/ are read from here
   * for a build that carries no `_server/site.json` of its own. */
  root: string;
  /** The built site, relative to root or absolute. */
  dir: string;
  host: string;
  port: number;
  /** Defaults to the environment (SITE_DATA_DIR, SMTP_URL, …). */
  settings?: BackendSettings;
  mailer?: Mailer;
  log?: Log;
}

export interface ProductionServer {
  server: http.Server;
  url: string;
  backend: ContactBackend;
  /** The analytics endpoint, when the site configures analytics. */
  insights?: Insights;
  /** Reads the build's `_headers` and `_redirects` again (SIGHUP); a swapped build is noticed by itself. */
  reload: () => void;
  /** Stops accepting, answers what is in flight and finishes the sends in flight (each cut off after `graceMs`), commits, closes. */
  close: (graceMs?: number) => Promise<void>;
}

export async function startProductionServer(options: ProductionServerOptions): Promise<ProductionServer> {
  const log: Log = options.log ?? console;
  const siteDir = path.resolve(options.root, options.dir);
  if (!existsSync(path.join(siteDir, 'index.html')))
    throw new MissingBuildError(`no built site in ${siteDir}: run \`site build\` first`);
  // The build says what the site was built with; a build without `_server/` is served with the sources'.
  const manifest = readServerManifest(siteDir);
  const { config, messages } = manifest ?? (await fromSources(options.root));
  if (!manifest)
    log.error(
      `[site] ${siteDir} has no _server/ (a build of an older engine): the config and strings come from the sources, and a form posted without JavaScript gets a plain answer page; run \`site build\` to serve the theme's forms`,
    );
  const build = new CurrentBuild(siteDir, log, config);
  // A build whose theme has no forms has no module of them: its answers are plain pages.
  const forms = manifest ? ((await formsFollowing(build)) ?? (() => undefined)) : undefined;
  const localePrefixes = Object.keys(config.locales)
    .map((l) => localePrefix(config, l))
    .filter(Boolean);
  const staticOptionsFor = (generation: BuildGeneration): StaticOptions => ({
    dir: generation.dir,
    redirects: generation.redirects,
    rules: generation.rules,
    localePrefixes,
    headers: () => generation.headers,
    precompressed: true,
    // The build was swapped while this request looked for its file: look in the new one.
    newer: () => {
      const now = build.current();
      return now === generation ? undefined : staticOptionsFor(now);
    },
  });
  const settings = options.settings ?? settingsFromEnv(options.root);
  const backend = new ContactBackend({
    config: () => config,
    messages: () => messages,
    siteDir: () => build.current().dir,
    forms,
    settings,
    headers: () => build.current().headers,
    mailer: options.mailer,
    log,
  });
  // Open now (PostgreSQL: connected and migrated, one instance at a time): a store that cannot be
  // used stops the start, not the first visitor.
  try {
    await backend.store.ready();
  } catch (error) {
    await backend.close();
    throw new StoreError(messageOf(error));
  }
  // Bookings too, so their relay sends what waited for a restart.
  if (config.contact?.booking) void backend.bookings;
  // The privacy policy's promise: old messages and counters go, at start and then every day.
  const retain = async () => {
    try {
      const purged = await purgeExpired(backend.store, settings.retentionMonths);
      if (purged.messages || purged.counters) log.log(`[site] retention: ${describePurge(purged)}`);
    } catch (error) {
      log.error(`[site] retention failed, tried again tomorrow: ${messageOf(error)}`);
    }
    if (config.contact?.booking) {
      try {
        const purged = await purgeExpiredBookings(backend.bookings, settings.retentionMonths);
        if (purged.bookings) log.log(`[site] retention: ${describeBookingPurge(purged)}`);
      } catch (error) {
        log.error(`[site] retention of bookings failed, tried again tomorrow: ${messageOf(error)}`);
      }
    }
  };
  await retain();
  const retention = setInterval(() => void retain(), DAY_MS);
  retention.unref();
  const insights = config.analytics
    ? new Insights({
        endpoint: config.analytics.endpoint,
        theme: manifest?.analytics,
        events: config.analytics.events,
        properties: config.analytics.properties,
        baseUrl: config.baseUrl,
        locales: Object.values(config.locales).map((l) => l.htmlLang),
        dataDir: settings.dataDir,
        counters: backend.store.events,
        siteDir: () => build.current().dir,
        headers: () => build.current().headers,
        trustProxy: settings.trustProxy,
        allowedOrigins: new Set([...settings.allowedOrigins, config.url].map((o) => new URL(o).origin)),
      })
    : undefined;

  let shuttingDown = false;
  /** What keeps this instance from taking visitors now (GET /readyz). */
  const readiness = async (): Promise<string[]> => {
    const problems: string[] = [];
    if (shuttingDown) problems.push('shutting down');
    try {
      await backend.store.ping();
    } catch (error) {
      problems.push(`database: ${messageOf(error)}`);
    }
    if (!existsSync(path.join(siteDir, 'index.html'))) problems.push(`no built site in ${siteDir}`);
    return problems;
  };
  /** Connections taken in so far: a shutdown takes in those waiting until none is left. */
  let accepted = 0;
  /** Answers not finished yet: a shutdown tells each to close its connection after it. */
  const answering = new Set<http.ServerResponse>();
  // Node checks the two timeouts below only this often (30 s by default): a connection that sends
  // its headers slowly would be held for up to 40 s, not 10.
  const server = http.createServer({ connectionsCheckingInterval: CONNECTIONS_CHECKING_MS }, (req, res) => {
    // Keep-alive connections would keep bringing requests during a shutdown: answer, then close.
    if (shuttingDown) res.shouldKeepAlive = false;
    answering.add(res);
    res.once('close', () => answering.delete(res));
    if (log.request) {
      const started = performance.now();
      // As asked for: under a baseUrl, req.url becomes the route before the answer.
      const asked = (req.url ?? '/').split('?')[0];
      res.once('finish', () =>
        log.request!({
          method: req.method ?? '',
          path: asked,
          status: res.statusCode,
          ms: Math.round((performance.now() - started) * 10) / 10,
          bytes: Number(res.getHeader('content-length') ?? 0),
        }),
      );
    }
    try {
      // Health checks answer at the root too: a load balancer asks the process, not the site.
      if (
        handleHealth(req, res, readiness, build.current().headers) ||
        !enterBase(config, req, res, build.current().headers)
      )
        return;
      if (
        !handleHealth(req, res, readiness, build.current().headers) &&
        !backend.handle(req, res) &&
        !insights?.handle(req, res)
      )
        serveStatic(staticOptionsFor(build.current()), req, res);
    } catch (error) {
      log.error(`[site] ${req.method} ${req.url} failed:`, error);
      answerFailure(res, build.current().headers);
    }
  });
  server.on('connection', () => accepted++);
  // Slow clients may not hold connections open: headers within 10 s, the whole request within 30 s.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host: options.host, backlog: LISTEN_BACKLOG }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;

  let closing: Promise<void> | undefined;
  const close = (graceMs = 10_000) =>
    (closing ??= (async () => {
      shuttingDown = true;
      clearInterval(retention);
      // An answer not begun yet closes its connection; one begun with keep-alive leaves its
      // connection idle, closed as soon as what the client may have sent on it is read.
      for (const res of answering)
        if (!res.headersSent) res.shouldKeepAlive = false;
        else res.once('finish', () => void afterNextPoll().then(() => server.closeIdleConnections()));
      // What reached the machine before the signal is taken in first: connections the kernel
      // accepted but the server has not yet (closing the listener would reset them), and requests
      // sent on idle keep-alive connections (closing those would lose them). libuv takes one
      // waiting connection per turn of the event loop, so the loop turns until a turn takes none,
      // at most as many turns as the kernel's queue holds connections; a connection taken in waits
      // for its request like any other, and a request read is no longer idle.
      for (let turns = 0; turns < LISTEN_BACKLOG; turns++) {
        const before = accepted;
        await afterNextPoll();
        if (accepted === before) break;
      }
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Connections still idle now carry nothing (server.close closes them too, said here for the reader).
      server.closeIdleConnections();
      const cutoff = setTimeout(() => server.closeAllConnections(), graceMs);
      await closed;
      clearTimeout(cutoff);
      // The mail being sent is given the same grace; one still unanswered then stays leased.
      await backend.close(graceMs);
      insights?.close();
      build.close();
    })());
  return { server, url: `http://${host}:${port}`, backend, insights, reload: () => void build.reload(), close };
}

/** A 500 for a request whose handler threw. It never throws itself, whatever threw before (a
 * header Node refuses would throw again): the answer goes without the build's headers then, and a
 * connection that cannot be answered is closed, so the process serves on. */
function answerFailure(res: http.ServerResponse, headers: Record<string, string>): void {
  try {
    if (!res.headersSent) {
      try {
        res.writeHead(500, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
      } catch {
        res.removeHeader('content-type');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      }
    }
    res.end('Internal server error\n');
  } catch {
    res.destroy();
  }
}

/** How often Node looks for connections past headersTimeout or requestTimeout. */
const CONNECTIONS_CHECKING_MS = 1_000;

/** Connections the kernel holds for the server before it takes them in (Node's default). */
const LISTEN_BACKLOG = 511;

/** Resolves after the event loop has polled for I/O once more (setImmediate runs after a poll):
 * data waiting on open connections has been read, and one waiting connection taken in. */
function afterNextPoll(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/** The site's config and UI strings from its sources, for a build made without `_server/`. */
async function fromSources(root: string): Promise<{ config: SiteConfig; messages: MessagesByLocale }> {
  const loaded = await loadConfig(root);
  if (!loaded.config)
    throw new Error(
      `the site configuration has problems:\n${loaded.diagnostics.map((d) => `${d.file}${d.line ? `:${d.line}` : ''}  ${d.message}`).join('\n')}`,
    );
  const strings = await loadMessages(root, Object.keys(loaded.config.locales));
  if (!strings.messages)
    throw new Error(
      `the site's UI strings have problems:\n${strings.diagnostics.map((d) => `${d.file}${d.line ? `:${d.line}` : ''}  ${d.message}`).join('\n')}`,
    );
  return { config: loaded.config, messages: strings.messages };
}

/** The forms of the build being served: after a rebuild is swapped in, its own module is loaded and
 * used from then on (the one before answers meanwhile). */
async function formsFollowing(build: CurrentBuild): Promise<(() => ThemeForms) | undefined> {
  let dir = build.current().dir;
  const forms = await loadBuildForms(dir);
  if (!forms) return undefined;
  let current: ThemeForms = forms;
  return () => {
    const now = build.current().dir;
    if (now !== dir) {
      dir = now;
      void loadBuildForms(now).then((loaded) => {
        if (loaded) current = loaded;
      });
    }
    return current;
  };
}
