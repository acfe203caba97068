// The e-mail a stored contact message becomes. The visitor's address goes only into Reply-To (From
// is the site's own sender, so the mail passes SPF and DMARC), and every value that reaches a
// header is stripped of line breaks and control characters, so no one can add headers or
// recipients through the form.
import type { SendMailOptions } from 'nodemailer';
import { format } from '../common/format-message.ts';
import type { Messages } from '../generator/theming/messages.ts';
import type { StoredMessage } from './store.ts';

export interface MailSettings {
  to: string;
  from: string;
  /** The site's title, and the UI strings of the owners' inbox (the default locale). */
  siteTitle: string;
  t: Messages['contact'];
  /** For Message-IDs: the site's domain. */
  domain: string;
}

/** One line, no control, bidi or zero-width characters: safe in any header, and read as it is. */
export function headerSafe(value: string): string {
  return value
    .replace(/[\r\n\u0085\u2028\u2029]+/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '')
    .trim();
}

export function contactMail(message: StoredMessage, settings: MailSettings): SendMailOptions {
  const { t } = settings;
  const name = headerSafe(message.name);
  // The one-line fields stay on one line in the body too, so no one can forge lines there either.
  const body = [
    `${t.name}: ${name}`,
    `${t.email}: ${headerSafe(message.email)}`,
    `${t.mailLanguage}: ${message.locale}`,
    `${t.mailReceived}: ${message.receivedAt}`,
    '',
    message.message,
    '',
  ].join('\n');
  return {
    from: headerSafe(settings.from),
    to: headerSafe(settings.to),
    replyTo: { name, address: headerSafe(message.email) },
    subject: headerSafe(`${settings.siteTitle} · ${format(t.mailSubject, { name })}`),
    text: body,
    date: new Date(message.receivedAt),
    // The same id on every attempt: a mail server that got a retry it already has can drop it.
    messageId: `<contact-${message.id}.${Date.parse(message.receivedAt)}@${headerSafe(settings.domain)}>`,
    headers: { 'X-Contact-Message-Id': String(message.id) },
    // Defence in depth: nothing in a message can make nodemailer read a file or fetch a URL.
    disableUrlAccess: true,
    disableFileAccess: true,
  };
}
