// The analytics endpoint that /insights.js posts to (config `analytics.endpoint`). Cookieless and
// anonymous: no address, no visitor id and no timestamp finer than the day is kept; each event
// only adds one to a counter per day, event, page and properties, in the store's counters
// (`insights.sqlite` in the data directory, or PostgreSQL's `event_counts`). Pages the site does not have are counted under one path, so nobody can grow the table
// by inventing addresses.
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { routeOfServedPath } from '../common/served-url.ts';
import type { ThemeAnalytics } from '../generator/theming/theme-contract.ts';
import type { RateLimit } from './backend-config.ts';
import { closeAfterAnswer, readBody } from './body.ts';
import { RateLimiter } from './rate-limit.ts';
import { clientAddress, isCrossSite } from './request-guards.ts';
import { SqliteEventCounts } from './sqlite-event-counts.ts';
import type { EventCount, EventCounts } from './store.ts';

export { INSIGHTS_FILE } from './sqlite-event-counts.ts';
export type { EventCount } from './store.ts';
/** Where events of pages the site does not have are counted, and property values outside their enumeration. */
export const OTHER_PATH = '(other)';
export const OTHER_VALUE = OTHER_PATH;
const BODY_LIMIT = 2048;
const BODY_TIMEOUT_MS = 5000;
/** A reader who clicks through the whole site sends far fewer events than this. */
const RATE_LIMIT: RateLimit = { max: 600, windowMs: 10 * 60_000 };
const NAME = /^[A-Za-z][\w .-]{0,47}$/;
const PROP_VALUE = /^[\w .:/-]{0,64}$/;

export interface InsightsOptions {
  endpoint: string;
  /** Where the counters are kept when `counters` is not given: `insights.sqlite` in this directory. */
  dataDir: string;
  /** The store's counters (PostgreSQL when several instances share one). */
  counters?: EventCounts;
  /** The built site, for telling its pages from invented paths. */
  siteDir: () => string;
  headers?: () => Record<string, string>;
  trustProxy?: boolean;
  allowedOrigins?: ReadonlySet<string>;
  /** What the theme's runtime sends (its contract's `analytics`, from the build's manifest): the
   * events and property values counted; none for a theme that declares none. */
  theme?: ThemeAnalytics;
  /** The events counted, when the config names them (`analytics.events`) instead of the theme's;
   * others are refused, so nobody can invent rows. */
  events?: readonly string[];
  /** The site's locales, as pages send them (`htmlLang`). */
  locales?: readonly string[];
  /** Values besides the theme's, per property (config `analytics.properties`). */
  properties?: Readonly<Record<string, readonly string[]>>;
  /** The site's baseUrl: pages send their served address, the counters name routes. */
  baseUrl?: string;
}

/** The values counted per property: the theme's, the locales and the config's. */
export function propertyValues(
  options: Pick<InsightsOptions, 'theme' | 'locales' | 'properties'>,
): Map<string, ReadonlySet<string>> {
  const values = new Map<string, ReadonlySet<string>>();
  const declared = { locale: [], ...options.theme?.properties };
  for (const [key, theme] of Object.entries(declared)) {
    values.set(
      key,
      new Set([...theme, ...(key === 'locale' ? (options.locales ?? []) : []), ...(options.properties?.[key] ?? [])]),
    );
  }
  return values;
}

export type InsightsEvent = { name: string; path: string; props: Record<string, string> };

/** The event in a body as insights.js sends it, or undefined when it is not one. */
export function eventOf(body: Buffer, host: string | undefined, keys: ReadonlySet<string>): InsightsEvent | undefined {
  let data: unknown;
  try {
    data = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!data || typeof data !== 'object') return undefined;
  const { n, u, p } = data as { n?: unknown; u?: unknown; p?: unknown };
  if (typeof n !== 'string' || !NAME.test(n) || typeof u !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(u);
  } catch {
    return undefined;
  }
  if (host && url.host !== host) return undefined;
  const props: Record<string, string> = {};
  if (p && typeof p === 'object') {
    for (const [key, value] of Object.entries(p)) {
      if (keys.has(key) && typeof value === 'string' && PROP_VALUE.test(value)) props[key] = value;
    }
  }
  return { name: n, path: url.pathname, props };
}

export class Insights {
  private readonly counters: EventCounts;
  /** Paths found to be pages of the site: a page view asks the file system once per page, not per view. */
  private readonly pages = new Set<string>();
  private pagesOf: string | undefined;
  private readonly limiter = new RateLimiter(RATE_LIMIT);
  private readonly allowedOrigins: ReadonlySet<string>;
  private readonly events: ReadonlySet<string>;
  private readonly values: Map<string, ReadonlySet<string>>;

  constructor(private readonly options: InsightsOptions) {
    this.allowedOrigins = options.allowedOrigins ?? new Set();
    this.events = new Set(options.events ?? options.theme?.events ?? []);
    this.values = propertyValues(options);
    this.counters = options.counters ?? new SqliteEventCounts(options.dataDir);
  }

  /** True when the request was for the endpoint (and is being answered). */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    if ((req.url ?? '/').split('?')[0] !== this.options.endpoint) return false;
    const answer = (status: number, extra: Record<string, string> = {}) => {
      res.writeHead(status, {
        ...this.options.headers?.(),
        'cache-control': 'no-store',
        ...(res.shouldKeepAlive ? {} : { connection: 'close' }),
        ...extra,
      });
      res.end();
    };
    const refusal = this.refusalOf(req);
    if (refusal) {
      // The body is not read: the connection ends with this answer.
      closeAfterAnswer(req, res);
      answer(refusal, refusal === 405 ? { allow: 'POST' } : {});
      return true;
    }
    readBody(req, BODY_LIMIT, BODY_TIMEOUT_MS)
      .then((body) => {
        if (body.ok) return this.accept(req, body.body, answer);
        if (body.reason === 'aborted') return;
        closeAfterAnswer(req, res);
        answer(body.reason === 'too-large' ? 413 : 408);
      })
      .catch(() => {
        if (!res.headersSent) answer(500);
      });
    return true;
  }

  /** Counts the event in a body when it is one this site records; anything else is a 400. */
  private accept(
    req: IncomingMessage,
    body: Buffer,
    answer: (status: number, extra?: Record<string, string>) => void,
  ): void {
    const event = eventOf(body, req.headers.host, new Set(this.values.keys()));
    if (!event || !this.events.has(event.name)) {
      answer(400);
      return;
    }
    // The database away (a restart): the beacon may come again later; the count is not worth more.
    this.count(event).then(
      () => answer(202),
      () => answer(503, { 'retry-after': '5' }),
    );
  }

  /** Why a request is refused before its body is read, as a status. */
  private refusalOf(req: IncomingMessage): number | undefined {
    if (req.method !== 'POST') return 405;
    if (isCrossSite(req, this.allowedOrigins, this.options.trustProxy)) return 403;
    if (!this.limiter.check(clientAddress(req, this.options.trustProxy ?? false)).allowed) return 429;
    // insights.js sends JSON; a beacon may arrive as text/plain.
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json' && type !== 'text/plain') return 415;
    return undefined;
  }

  /** Adds one to the event's counter for today; a property value outside its enumeration counts as OTHER_VALUE. */
  count(event: InsightsEvent, day = new Date().toISOString().slice(0, 10)): Promise<void> {
    const closed = Object.entries(event.props).map(([key, value]) => [
      key,
      this.values.get(key)?.has(value) ? value : OTHER_VALUE,
    ]);
    const props = JSON.stringify(Object.fromEntries(closed.sort(([a], [b]) => a.localeCompare(b))));
    return this.counters.increment(day, event.name, this.routeOf(event.path), props);
  }

  /** Counters from `since` (a day, YYYY-MM-DD) on, most counted first. */
  counts(since = '0000-00-00'): Promise<EventCount[]> {
    return this.counters.counts(since);
  }

  /** Closes the counters it opened itself; the store's are closed with the store. */
  close(): void {
    if (!this.options.counters) this.counters.close();
  }

  /** The page's route, with doubled slashes collapsed, or OTHER_PATH for anything that is not a page. */
  private routeOf(pathname: string): string {
    const route = routeOfServedPath({ baseUrl: this.options.baseUrl ?? '/' }, pathname.replace(/\/{2,}/g, '/'));
    return route !== undefined && this.isPage(route) ? route : OTHER_PATH;
  }

  private isPage(pathname: string): boolean {
    const siteDir = this.options.siteDir();
    // A new build may have other pages.
    if (siteDir !== this.pagesOf) {
      this.pages.clear();
      this.pagesOf = siteDir;
    }
    if (this.pages.has(pathname)) return true;
    const page = pathname.endsWith('/') && existsSync(path.join(siteDir, pathname, 'index.html'));
    if (page) this.pages.add(pathname);
    return page;
  }
}
