// The contact backend, shared by `site serve` and the production server: `POST <endpoint>` stores
// a message, `POST <endpoint>/reveal` hands out the contact details. This file wires the parts
// (store, relay, limits, answer pages) and runs the checks every request passes before its body
// is looked at: method, origin, rate, content type, size and time.

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  BOOKING_ANCHOR,
  CONTACT_FORM_ANCHOR,
  EMPTY_BOOKING_STATE,
  EMPTY_CONTACT_STATE,
  revealAction,
  SLOTS_QUERY,
} from '../common/forms.ts';
import type { BookingConfig, SiteConfig } from '../generator/config/config.ts';
import type { MessagesByLocale } from '../generator/theming/messages.ts';
import type { ThemeForms } from '../generator/theming/theme-contract.ts';
import type { BackendSettings } from './backend-config.ts';
import { type Fields, parseBody, readBody } from './body.ts';
import { bookingMail, bookingMailSettings } from './booking-mail.ts';
import { freeSlots, type Slot } from './booking-slots.ts';
import { handleBook, handleSlots } from './booking-submit.ts';
import { ContactPages } from './contact-pages.tsx';
import { Reply } from './contact-reply.ts';
import { handleReveal } from './contact-reveal.ts';
import { handleSubmit } from './contact-submit.ts';
import {
  decodeResult,
  encodeResult,
  type FormResult,
  isResultToken,
  newResultToken,
  RESULT_QUERY,
  RESULT_TTL_MS,
} from './form-results.ts';
import { openStore } from './open-store.ts';
import { type Mailer, OutboxRelay, smtpMailer } from './outbox-relay.ts';
import { type RateDecision, RateLimiter } from './rate-limit.ts';
import { bodyKindOf, clientAddress, isCrossSite, wantsHtml } from './request-guards.ts';
import { type BookingMail, type Bookings, type Store, StoreUnavailableError } from './store.ts';

export type { Log } from './log.ts';

import type { Log } from './log.ts';

export interface ContactBackendOptions {
  config: () => SiteConfig;
  messages: () => MessagesByLocale;
  /** The built site: plain form posts are answered with its contact page. */
  siteDir: () => string;
  /** How the contact page's forms are rendered again for a plain form post: the build's prebuilt
   * module (`site start`), or by default the theme's sources (`site serve`). */
  forms?: () => ThemeForms | undefined;
  settings: BackendSettings;
  /** Headers for every answer (the production server's security headers). */
  headers?: () => Record<string, string>;
  /** Instead of SMTP from the settings (tests). */
  mailer?: Mailer;
  log?: Log;
}

export type { FormResult } from './form-results.ts';

/**
 * Where the contact page shows each form, for the result's address. The booking's answer page has
 * none: its theme marks what the visitor must read with `autofocus` (common/forms.ts), and a
 * browser that jumps to a fragment focuses nothing, so the page scrolls to the message by focusing it.
 */
const RESULT_ANCHOR: Record<FormResult['kind'], string | undefined> = {
  contact: CONTACT_FORM_ANCHOR,
  booking: undefined,
};

/** What the endpoint handlers get: a request that passed every check, with its fields. */
export interface Received {
  fields: Fields;
  reply: Reply;
  rate: RateDecision;
}

export class ContactBackend {
  readonly pages: ContactPages;
  private storeInstance: Store | undefined;
  private relay: OutboxRelay | undefined;
  private bookingsOpened = false;
  private bookingRelay: OutboxRelay<BookingMail> | undefined;
  private poll: NodeJS.Timeout | undefined;
  private readonly bookingLimiter: RateLimiter;
  private readonly submitLimiter: RateLimiter;
  private readonly revealLimiter: RateLimiter;
  private readonly allowedOrigins: Set<string>;
  readonly log: Log;
  private closing = false;

  constructor(private readonly options: ContactBackendOptions) {
    const { settings } = options;
    this.pages = new ContactPages(
      options.siteDir,
      options.config,
      options.messages,
      options.forms ?? (() => undefined),
      () => this.mailsNow,
    );
    this.submitLimiter = new RateLimiter(settings.rateLimit);
    this.revealLimiter = new RateLimiter(settings.revealRateLimit);
    this.bookingLimiter = new RateLimiter(settings.rateLimit);
    this.allowedOrigins = new Set(settings.allowedOrigins.map((o) => new URL(o).origin));
    this.log = options.log ?? console;
  }

  get settings(): BackendSettings {
    return this.options.settings;
  }

  get config(): SiteConfig {
    return this.options.config();
  }

  get messages(): MessagesByLocale {
    return this.options.messages();
  }

  /** The booking's settings: the booking endpoints exist only where the config has them. */
  get booking(): BookingConfig {
    const booking = this.config.contact?.booking;
    if (!booking) throw new Error('a booking endpoint was asked for, but the config has no contact.booking');
    return booking;
  }

  /**
   * Opens the store (SQLite files created on first start, or PostgreSQL with DATABASE_URL; its
   * `ready()` says when it is migrated) and starts relaying what waits.
   */
  get store(): Store {
    if (!this.storeInstance) {
      const { settings } = this.options;
      const mailer = this.mailer();
      this.storeInstance = openStore(settings, { relay: Boolean(mailer) });
      if (mailer) {
        const config = this.config;
        const domain = new URL(config.url).hostname;
        const mail = {
          to: settings.smtp?.to ?? 'contact@localhost',
          from: settings.smtp?.from || `contact-form@${domain}`,
          siteTitle: config.title,
          t: this.messages[config.defaultLocale].contact,
          domain,
        };
        this.relay = new OutboxRelay(this.storeInstance.messages, mailer, mail, settings.relay, this.log);
        this.relay.start();
        // Another process writes into the outboxes too (`site contact cancel`, the other instances
        // on a shared database, one that died mid-send): look for what is due now and then.
        this.poll = setInterval(() => {
          this.relay?.notify();
          this.bookingRelay?.notify();
        }, 60_000);
        this.poll.unref();
      }
    }
    return this.storeInstance;
  }

  /** The mailer of both relays: the one given (tests), or SMTP from the settings, or none. */
  private mailer(): Mailer | undefined {
    const { settings } = this.options;
    return this.options.mailer ?? (settings.smtp ? smtpMailer(settings.smtp, settings.relay) : undefined);
  }

  /** The bookings (the same store), relaying their mails from the first use on. */
  get bookings(): Bookings {
    const store = this.store;
    if (!this.bookingsOpened) {
      this.bookingsOpened = true;
      const { settings } = this.options;
      const mailer = this.mailer();
      if (mailer && this.config.contact?.booking) {
        const mail = bookingMailSettings(this.config, this.messages, settings);
        this.bookingRelay = new OutboxRelay<BookingMail>(
          store.bookings,
          mailer,
          (item) => bookingMail(item, mail),
          settings.relay,
          this.log,
        );
        this.bookingRelay.start();
      }
    }
    return store.bookings;
  }

  /** A booking was stored: send its confirmation now. */
  bookingStored(): void {
    this.bookingRelay?.notify();
  }

  /** Whether mails go out now (a mail server is configured); without one they wait in the outbox. */
  get mailsNow(): boolean {
    return Boolean(this.mailer());
  }

  /**
   * The store does not answer (a database outage) where a visitor waits for the free times or a
   * result: 503 with Retry-After, as the booking's page in the visitor's language for a browser
   * that opened the address, as JSON for the island and API clients. Logged with an incident id.
   */
  unavailable(reply: Reply, locale: string, error: unknown, asPage = reply.html): void {
    const incident = randomUUID().slice(0, 8);
    this.log.error(`[booking] incident ${incident}: the store did not answer:`, error);
    const booking = this.config.contact?.booking;
    const message = this.messages[locale].booking.unavailable;
    const page = () =>
      booking
        ? this.pages.booking(locale, { ...EMPTY_BOOKING_STATE, status: 'unavailable', zone: booking.timeZone })
        : this.pages.form(locale, { ...EMPTY_CONTACT_STATE, status: 'error' });
    if (asPage) reply.page(503, page(), { 'retry-after': '30' });
    else reply.json(503, { error: 'unavailable', message, incident }, { 'retry-after': '30' });
  }

  /** The times a visitor may book now. */
  async freeSlots(now = Date.now()): Promise<Slot[]> {
    const { booking } = this;
    const until = now + (booking.daysAhead + 1) * 24 * 60 * 60_000;
    const taken = await this.bookings.takenStarts(new Date(now).toISOString(), new Date(until).toISOString());
    return freeSlots(booking, now, taken);
  }

  /**
   * A plain form's result: kept in the store for a while, the visitor sent to the contact page
   * showing it, on whichever instance that request reaches. Never rejects: a store that cannot
   * keep the result gets the page answered at once instead.
   */
  async showResult(reply: Reply, result: FormResult): Promise<void> {
    const token = newResultToken();
    try {
      await this.store.results.put(token, encodeResult(result), Date.now() + RESULT_TTL_MS);
    } catch (error) {
      this.log.error('[contact] a form result could not be kept; answered with its page instead:', error);
      reply.page(200, this.resultPage(result));
      return;
    }
    const anchor = RESULT_ANCHOR[result.kind];
    reply.redirect(`${this.pages.href(result.locale)}?${RESULT_QUERY}=${token}${anchor ? `#${anchor}` : ''}`);
  }

  private resultPage(result: FormResult): string {
    return result.kind === 'contact'
      ? this.pages.form(result.locale, result.state)
      : this.pages.booking(result.locale, result.state);
  }

  /**
   * Origins that may post besides the request's own: the configured ones and the site's address
   * (config `url`), which behind a TLS proxy is not the origin the request reached.
   */
  private originsAllowed(): ReadonlySet<string> {
    const url = this.options.config()?.url;
    if (!url || this.allowedOrigins.has(url)) return this.allowedOrigins;
    try {
      return new Set([...this.allowedOrigins, new URL(url).origin]);
    } catch {
      return this.allowedOrigins;
    }
  }

  /** A message was stored: relay it now if relaying is on. */
  stored(): void {
    this.relay?.notify();
  }

  /** True when the request was for the contact or booking endpoint, or a contact page the backend fills in (and is being answered). */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const [pathname, query = ''] = (req.url ?? '/').split('?', 2);
    const contact = this.config.contact;
    const endpoint = contact?.endpoint;
    if (!contact || !endpoint) return false;
    const booking = contact.booking;
    const reply = () => new Reply(req, res, this.options.headers?.() ?? {}, wantsHtml(req));
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (read && query && this.answerContactPage(pathname, new URLSearchParams(query), reply)) return true;
    // The endpoints are no pages: a visitor who opens one (a bookmark, a reload) is sent to the form.
    if (read && (pathname === endpoint || pathname === booking?.endpoint)) {
      const locale = this.pages.localeOf(
        new URLSearchParams(query).get('locale') ?? this.pages.localeOfReferer(req.headers.referer),
      );
      reply().redirect(`${this.pages.href(locale)}${pathname === endpoint ? '' : `#${BOOKING_ANCHOR}`}`);
      return true;
    }
    if (booking && pathname === `${booking.endpoint}/slots`) {
      const r = reply();
      if (!read) {
        r.refuse(405, 'method-not-allowed', 'Read the free slots with GET.', undefined, { allow: 'GET, HEAD' });
        return true;
      }
      const rate = this.revealLimiter.check(clientAddress(req, this.options.settings.trustProxy));
      const locale = this.pages.localeOf(
        new URLSearchParams(query).get('locale') ?? this.pages.localeOfReferer(req.headers.referer),
      );
      if (!rate.allowed)
        r.refuse(429, 'rate-limited', 'Too many requests from this address. Please try again later.', undefined, {
          'retry-after': String(rate.retryAfterSeconds),
        });
      else handleSlots(this, r, locale).catch((error: unknown) => this.fault(req, r, error));
      return true;
    }
    const handler =
      pathname === endpoint
        ? handleSubmit
        : pathname === revealAction(endpoint)
          ? handleReveal
          : booking && pathname === booking.endpoint
            ? handleBook
            : undefined;
    if (!handler) return false;
    const r = reply();
    const limiter =
      handler === handleSubmit ? this.submitLimiter : handler === handleBook ? this.bookingLimiter : this.revealLimiter;
    this.receive(req, r, limiter)
      .then((received) => received && handler(this, received))
      .catch((error: unknown) => this.fault(req, r, error));
    return true;
  }

  /**
   * The contact page with what only the server knows: a plain form's result (`?result=<token>`) or,
   * for visitors without JavaScript, the free times (`?slots`), both read from the store. False
   * when the request is for anything else: the built page is served as it is (also for a result
   * that has expired). While the store does not answer: the page with the booking's 503 message.
   */
  private answerContactPage(pathname: string, params: URLSearchParams, reply: () => Reply): boolean {
    const locale = this.pages.contactPageLocale(pathname);
    if (!locale) return false;
    const token = params.get(RESULT_QUERY);
    const booking = this.config.contact?.booking;
    const slots = Boolean(booking) && params.has(SLOTS_QUERY);
    if (!isResultToken(token) && !slots) return false;
    const r = reply();
    const answer = async () => {
      const result = isResultToken(token) ? decodeResult(await this.store.results.get(token, Date.now())) : undefined;
      if (result && result.locale === locale) r.page(200, this.resultPage(result));
      else if (slots)
        r.page(
          200,
          this.pages.booking(locale, {
            ...EMPTY_BOOKING_STATE,
            status: 'ready',
            slots: await this.freeSlots(),
            zone: this.booking.timeZone,
          }),
        );
      // An expired (or foreign) result: the contact page as built.
      else r.page(200, this.pages.built(locale) ?? this.pages.form(locale, EMPTY_CONTACT_STATE));
    };
    // The contact page's address is a page, whatever the request accepts.
    answer().catch((error: unknown) => this.unavailable(r, locale, error, true));
    return true;
  }

  /** The checks before the body is used; answers refusals itself and then returns undefined. */
  private async receive(req: IncomingMessage, reply: Reply, limiter: RateLimiter): Promise<Received | undefined> {
    const { settings } = this.options;
    const errorPage = () =>
      this.pages.form(this.pages.localeOfReferer(req.headers.referer), { ...EMPTY_CONTACT_STATE, status: 'error' });
    if (req.method !== 'POST') {
      reply.closeAfter();
      reply.refuse(405, 'method-not-allowed', 'Send the message with POST.', undefined, { allow: 'POST' });
      return undefined;
    }
    if (this.closing) {
      reply.closeAfter();
      reply.refuse(503, 'unavailable', 'The server is restarting. Please try again in a moment.', errorPage, {
        'retry-after': '5',
      });
      return undefined;
    }
    if (isCrossSite(req, this.originsAllowed(), settings.trustProxy)) {
      reply.closeAfter();
      reply.refuse(403, 'cross-site', 'Messages are accepted only from pages of this site.', errorPage);
      return undefined;
    }
    const rate = limiter.check(clientAddress(req, settings.trustProxy));
    // A plain form keeps its values through a refusal, so its body is still read below.
    if (!rate.allowed && !reply.html) {
      reply.closeAfter();
      reply.refuse(429, 'rate-limited', 'Too many requests from this address. Please try again later.', undefined, {
        'retry-after': String(rate.retryAfterSeconds),
      });
      return undefined;
    }
    const kind = bodyKindOf(req);
    if (!kind) {
      reply.closeAfter();
      reply.refuse(
        415,
        'unsupported-media-type',
        'Send application/json or application/x-www-form-urlencoded, in UTF-8.',
        errorPage,
        { accept: 'application/json, application/x-www-form-urlencoded' },
      );
      return undefined;
    }
    const body = await readBody(req, settings.bodyLimitBytes, settings.bodyTimeoutMs);
    if (!body.ok) {
      if (body.reason === 'aborted') return undefined;
      reply.closeAfter();
      if (body.reason === 'too-large')
        reply.refuse(413, 'too-large', `The body is larger than ${settings.bodyLimitBytes} bytes.`, errorPage);
      else reply.refuse(408, 'timeout', 'The body did not arrive in time.', errorPage);
      return undefined;
    }
    const parsed = parseBody(kind, body.body);
    if (!parsed.ok) {
      reply.refuse(400, 'malformed', parsed.problem, errorPage);
      return undefined;
    }
    return { fields: parsed.fields, reply, rate };
  }

  /** A real fault: logged with an incident id, answered with that id and no details. The database
   * away for a moment is no fault of the request: 503 with Retry-After, as for a restart. */
  fault(req: IncomingMessage, reply: Reply, error: unknown): void {
    if (error instanceof StoreUnavailableError) {
      this.log.error(`[contact] ${req.method} ${req.url?.split('?')[0]} not answered: ${error.message}`);
      reply.refuse(
        503,
        'unavailable',
        'The service is unavailable for a moment. Please try again shortly.',
        undefined,
        {
          'retry-after': String(error.retryAfterSeconds),
        },
      );
      return;
    }
    const incident = randomUUID().slice(0, 8);
    this.log.error(`[contact] incident ${incident} on ${req.method} ${req.url}:`, error);
    if (reply.sent) return;
    const page = () =>
      this.pages.form(this.pages.localeOfReferer(req.headers.referer), { ...EMPTY_CONTACT_STATE, status: 'error' });
    reply.refuse(
      500,
      'internal',
      `The message could not be processed (incident ${incident}). Please try again later.`,
      page,
    );
  }

  /** Stops taking messages, commits what is queued, lets the sends in flight finish (for at most `graceMs`). */
  async close(graceMs?: number): Promise<void> {
    this.closing = true;
    clearInterval(this.poll);
    await Promise.all([this.relay?.stop(graceMs), this.bookingRelay?.stop(graceMs)]);
    await this.storeInstance?.close();
  }
}
