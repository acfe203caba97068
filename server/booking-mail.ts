// The mails of a booking, to the visitor in their language with the owners in copy: the
// confirmation with the calendar invitation (METHOD:REQUEST), and, when the owners cancel, the
// cancellation (METHOD:CANCEL, same UID, higher SEQUENCE), which takes the event out of the
// visitor's calendar. Values that reach a header go through headerSafe, as in contact mails.
//
// Nobody has confirmed that the address typed into the form is the visitor's, so these mails carry
// only the site's own words: the time, the call's length, the site's name. What the visitor typed
// (the name, the topic) is never in them, not in the greeting, the To header's display name, nor
// the invitation's ATTENDEE or DESCRIPTION: the form cannot be used to mail a stranger a text of
// the sender's choosing. The owners read name and topic with `site contact list`.

import type { SendMailOptions } from 'nodemailer';
import { formatSlot, zoneLabel } from '../common/booking-rules.ts';
import { format } from '../common/format-message.ts';
import { BOOKING_ANCHOR } from '../common/forms.ts';
import { contactRoute } from '../common/locale-prefix.ts';
import { absoluteUrl } from '../common/served-url.ts';
import type { SiteConfig } from '../generator/config/config.ts';
import type { MessagesByLocale } from '../generator/theming/messages.ts';
import type { BackendSettings } from './backend-config.ts';
import { invitationIcs } from './booking-ics.ts';
import { headerSafe } from './contact-mail.ts';
import type { BookingMail } from './store.ts';

export interface BookingMailSettings {
  /** The site's sender. */
  from: string;
  /** The owners: in copy of every mail, and the invitation's ORGANIZER. */
  owners: string;
  siteTitle: string;
  domain: string;
  messages: MessagesByLocale;
  timeZone: string;
  minutes: number;
  /** The booking on the contact page, absolute, per locale (for booking again after a cancellation). */
  bookingUrl: (locale: string) => string;
}

/** The settings from the site's config, its UI strings and the host's SMTP settings. */
export function bookingMailSettings(
  config: SiteConfig,
  messages: MessagesByLocale,
  settings: Pick<BackendSettings, 'smtp'>,
): BookingMailSettings {
  const contact = config.contact;
  const booking = contact?.booking;
  if (!contact || !booking) throw new Error('booking mails are made only where the config has contact.booking');
  const domain = new URL(config.url).hostname;
  return {
    from: settings.smtp?.from || `contact-form@${domain}`,
    owners: settings.smtp?.to ?? contact.email,
    siteTitle: config.title,
    domain,
    messages,
    timeZone: booking.timeZone,
    minutes: booking.slotMinutes,
    bookingUrl: (locale) => absoluteUrl(config, `${contactRoute(config, locale)}#${BOOKING_ANCHOR}`),
  };
}

export function bookingMail(mail: BookingMail, settings: BookingMailSettings): SendMailOptions {
  const { booking } = mail;
  const messages = settings.messages[booking.locale] ?? Object.values(settings.messages)[0];
  const t = messages.booking;
  const zone = settings.timeZone;
  const time = formatSlot(
    booking.start,
    messages.dates.locale,
    zone,
    zoneLabel(zone, messages.dates.locale, { zone, name: t.officeZone }),
  );
  const cancel = mail.kind === 'cancellation';
  const email = headerSafe(booking.email);
  const site = settings.siteTitle;
  const body = cancel
    ? [
        t.mailGreeting,
        '',
        format(t.mailCancelled, { time, url: settings.bookingUrl(booking.locale) }),
        '',
        format(t.mailSignature, { site }),
        '',
      ]
    : [
        t.mailGreeting,
        '',
        format(t.mailBooked, { time, minutes: settings.minutes }),
        t.mailHow,
        '',
        format(t.mailSignature, { site }),
        '',
      ];
  const ics = invitationIcs({
    method: cancel ? 'CANCEL' : 'REQUEST',
    uid: booking.uid,
    sequence: cancel ? 1 : 0,
    stamp: new Date(),
    start: new Date(booking.start),
    end: new Date(booking.end),
    timeZone: settings.timeZone,
    summary: format(t.eventSummary, { site }),
    description: format(t.eventDescription, { minutes: settings.minutes }),
    organizer: { name: site, email: headerSafe(settings.owners) },
    attendee: { email },
  });
  return {
    from: headerSafe(settings.from),
    to: email,
    cc: headerSafe(settings.owners),
    replyTo: headerSafe(settings.owners),
    subject: headerSafe(format(cancel ? t.mailCancelSubject : t.mailSubject, { site, time })),
    text: body.join('\n'),
    // The same id on every attempt of this mail, as for contact messages.
    messageId: `<booking-${booking.id}-${mail.kind}.${Date.parse(booking.bookedAt)}@${headerSafe(settings.domain)}>`,
    headers: { 'X-Booking-Id': String(booking.id) },
    // Calendar programs read the text/calendar part; the attachment is for everyone else.
    icalEvent: { method: cancel ? 'CANCEL' : 'REQUEST', filename: 'invitation.ics', content: ics },
    disableUrlAccess: true,
    disableFileAccess: true,
  };
}
