// The pages a plain form post (JavaScript off) gets back: the built contact page of the visitor's
// language, with the form (or the reveal box) rendered again in its new state: errors beside their
// fields and the values kept, or the success message. The rest of the page is the built one,
// byte for byte, so it looks and navigates like any other page; if JavaScript does run on it, the
// island hydrates the new state.

import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../common/escape.ts';
import {
  BOOKING_ROOT,
  type BookingState,
  type ContactFormState,
  FORM_ROOT,
  REVEAL_ROOT,
  type RevealState,
} from '../common/forms.ts';
import { contactRoute, localePrefix } from '../common/locale-prefix.ts';
import { routeOfServedPath } from '../common/served-url.ts';
import type { SiteConfig } from '../generator/config/config.ts';
import type { MessagesByLocale } from '../generator/theming/messages.ts';
import type { ThemeForms } from '../generator/theming/theme-contract.ts';

/** The generator makes `content/<locale>/contact.md` the page at `<locale prefix>/contact/`. */

export class ContactPages {
  private cache = new Map<string, { mtimeMs: number; html: string }>();

  constructor(
    private readonly dir: () => string,
    private readonly config: () => SiteConfig,
    private readonly messages: () => MessagesByLocale,
    /** The build's prebuilt forms (server/build-manifest.ts), or the theme's sources'; none for a
     * build whose theme has no forms, which answers with a plain page. */
    private readonly renderer: () => ThemeForms | undefined,
    /** Whether this server mails what it stores: its pages say how a booking is confirmed and
     * what became of a message (common/forms.ts, MailsNow). */
    private readonly mails: () => boolean = () => false,
  ) {}

  /** A known locale for what the visitor sent, or the site's default. */
  localeOf(value: unknown): string {
    const config = this.config();
    return typeof value === 'string' && value in config.locales ? value : config.defaultLocale;
  }

  /** The locale of the page a request came from, for refusals that come before the body is read. */
  localeOfReferer(referer: string | undefined): string {
    const config = this.config();
    let pathname = '/';
    try {
      pathname = routeOfServedPath(config, new URL(referer ?? '/', 'http://x').pathname) ?? '/';
    } catch {
      // the default locale then
    }
    const match = Object.keys(config.locales).find((l) => {
      const prefix = localePrefix(config, l);
      return prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`));
    });
    return match ?? config.defaultLocale;
  }

  form(locale: string, given: ContactFormState): string {
    const state = { ...given, mails: this.mails() };
    return this.replaceRoot(locale, FORM_ROOT, state, (forms, setup) => forms.form(setup, state));
  }

  reveal(locale: string, state: RevealState): string {
    return this.replaceRoot(locale, REVEAL_ROOT, state, (forms, setup) => forms.reveal(setup, state));
  }

  booking(locale: string, given: BookingState): string {
    const state = { ...given, mails: this.mails() };
    return this.replaceRoot(locale, BOOKING_ROOT, state, (forms, setup) => forms.booking(setup, state));
  }

  /** The contact page's address in a locale, e.g. `/en/contact/`. */
  href(locale: string): string {
    return contactRoute(this.config(), locale) ?? `${localePrefix(this.config(), locale)}/`;
  }

  /** The locale whose contact page `pathname` is, if it is one. */
  contactPageLocale(pathname: string): string | undefined {
    return Object.keys(this.config().locales).find((l) => this.href(l) === pathname);
  }

  private replaceRoot(
    locale: string,
    root: string,
    state: unknown,
    render: (forms: ThemeForms, setup: unknown) => string,
  ): string {
    const forms = this.renderer();
    const html = this.page(locale);
    const span = html && rootSpan(html, root);
    if (!forms || !html || !span) return this.fallback(locale, state);
    const props = JSON.parse(decodeAttribute(span.props)) as { setup: unknown };
    return html.slice(0, span.start) + render(forms, props.setup) + html.slice(span.end);
  }

  /** The contact page of a locale as the build wrote it. */
  built(locale: string): string | undefined {
    return this.page(locale);
  }

  private page(locale: string): string | undefined {
    const file = path.join(this.dir(), this.href(locale), 'index.html');
    try {
      const { mtimeMs } = statSync(file);
      const cached = this.cache.get(file);
      if (cached?.mtimeMs === mtimeMs) return cached.html;
      const html = readFileSync(file, 'utf8');
      this.cache.set(file, { mtimeMs, html });
      return html;
    } catch {
      return undefined;
    }
  }

  /** A site without a contact page (or a theme without forms) still answers in words, not with a blank. */
  private fallback(locale: string, state: unknown): string {
    const { contact: t, booking } = this.messages()[locale];
    const config = this.config();
    const status = (state as Partial<ContactFormState> | Partial<BookingState>).status;
    const text =
      status === 'success'
        ? this.mails()
          ? t.success
          : t.successStored
        : status === 'invalid'
          ? t.invalid
          : status === 'rate-limited'
            ? t.rateLimited
            : status === 'unavailable'
              ? booking.unavailable
              : status === 'limit-email'
                ? booking.limitEmail
                : status === 'limit-day'
                  ? booking.limitDay
                  : t.error;
    const lang = config.locales[locale]?.htmlLang ?? locale;
    return `<!DOCTYPE html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(config.title)}</title></head><body><main><p role="status">${escapeHtml(text)}</p><p><a href="${escapeHtml(`${localePrefix(config, locale)}/`)}">${escapeHtml(config.title)}</a></p></main></body></html>`;
  }
}

/** Where the island root element starts and ends in a built page, and its `data-props`. */
function rootSpan(html: string, root: string): { start: number; end: number; props: string } | undefined {
  const marker = html.indexOf(`data-island-root="${root}"`);
  if (marker < 0) return undefined;
  const start = html.lastIndexOf('<div', marker);
  const props = /data-props="([^"]*)"/.exec(html.slice(start, html.indexOf('>', marker) + 1))?.[1];
  if (start < 0 || props === undefined) return undefined;
  // Balance <div> and </div> from the root on; text in the page is escaped, so tags are tags.
  const tags = /<div[\s>]|<\/div>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[0] === '</div>' ? -1 : 1;
    if (depth === 0) return { start, end: m.index + m[0].length, props };
  }
  return undefined;
}

function decodeAttribute(value: string): string {
  return value.replace(
    /&(quot|amp|lt|gt|#x27|#39);/g,
    (_, e: string) => ({ quot: '"', amp: '&', lt: '<', gt: '>', '#x27': "'", '#39': "'" })[e]!,
  );
}
