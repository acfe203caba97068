// The calendar invitation of a booking (RFC 5545): one VEVENT in the booking's time zone, with
// that zone's VTIMEZONE, so a calendar anywhere shows the call at the right hour, also when summer
// time begins or ends between booking and call. REQUEST invites, CANCEL (a higher SEQUENCE, same
// UID) takes the event out of the attendee's calendar again. Lines end in CRLF and are folded at
// 75 octets without splitting a UTF-8 character; text values are escaped.
import { offsetAt } from './booking-slots.ts';

export interface Person {
  /** Left out when unknown or not to be trusted (the visitor's, which the site has not confirmed). */
  name?: string;
  email: string;
}

export interface Invitation {
  method: 'REQUEST' | 'CANCEL';
  /** Stays the same for the booking's whole life, so CANCEL finds the event REQUEST made. */
  uid: string;
  /** 0 for the invitation, higher for every later change. */
  sequence: number;
  /** When this invitation was made. */
  stamp: Date;
  start: Date;
  end: Date;
  timeZone: string;
  summary: string;
  description: string;
  organizer: Person;
  attendee: Person;
}

const HOUR = 60 * 60_000;

/** TEXT values (RFC 5545 3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n?|\n/g, '\\n');
}

/** A parameter value (CN): quoted; DQUOTE cannot be escaped there, so it is dropped, as are control characters. */
function paramValue(value: string): string {
  return `"${value.replace(/["\u0000-\u001f\u007f]/g, '')}"`;
}

/** The CN parameter of a person with a name, with its leading semicolon. */
function commonName(person: Person): string {
  return person.name ? `;CN=${paramValue(person.name)}` : '';
}

/** Folds a content line (RFC 5545 3.1): at most 75 octets a line, continuation lines begin with a space. */
export function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // The first line holds 75 octets, each continuation 74 after its leading space.
    if (octets + size > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function utcStamp(date: Date): string {
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
}

/** Local date-time of the zone (FORM #3 of RFC 5545 3.3.5, used with TZID). */
function localStamp(ms: number, zone: string): string {
  return floating(ms + offsetAt(ms, zone));
}

/** An instant shifted by an offset, written without the Z. */
function floating(shifted: number): string {
  return utcStamp(new Date(shifted)).slice(0, -1);
}

function utcOffset(ms: number): string {
  const sign = ms < 0 ? '-' : '+';
  const minutes = Math.abs(ms) / 60_000;
  return `${sign}${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}`;
}

/** The instants the zone's offset changed in (from, to], found hour by hour and then to the minute. */
function transitions(zone: string, from: number, to: number): number[] {
  const found: number[] = [];
  let previous = offsetAt(from, zone);
  for (let t = from + HOUR; t <= to; t += HOUR) {
    const offset = offsetAt(t, zone);
    if (offset === previous) continue;
    let [lo, hi] = [t - HOUR, t];
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetAt(mid, zone) === previous) lo = mid;
      else hi = mid;
    }
    found.push(hi);
    previous = offset;
  }
  return found;
}

/**
 * The zone's VTIMEZONE with the observances in force from a year before the event to its end:
 * each change of offset as its own STANDARD or DAYLIGHT component (DTSTART in the local time before
 * the change), or one STANDARD component for a zone without changes.
 */
export function vtimezone(zone: string, start: number, end: number): string[] {
  const from = start - 366 * 24 * HOUR;
  const changes = transitions(zone, from, end);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  if (!changes.length) {
    const offset = utcOffset(offsetAt(start, zone));
    lines.push(
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      'END:STANDARD',
    );
  }
  // The offsets of the year: the larger one is summer (daylight) time.
  const offsets = [offsetAt(from, zone), ...changes.map((t) => offsetAt(t, zone))];
  const standard = Math.min(...offsets);
  for (const t of changes) {
    const before = offsetAt(t - 60_000, zone);
    const after = offsetAt(t, zone);
    const kind = after > standard ? 'DAYLIGHT' : 'STANDARD';
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(t)
      .find((p) => p.type === 'timeZoneName')?.value;
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${floating(t + before)}`,
      `TZOFFSETFROM:${utcOffset(before)}`,
      `TZOFFSETTO:${utcOffset(after)}`,
    );
    if (name && !/^GMT[+-]/.test(name)) lines.push(`TZNAME:${escapeText(name)}`);
    lines.push(`END:${kind}`);
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

/** The whole `.ics` text: CRLF line endings, folded lines. */
export function invitationIcs(inv: Invitation): string {
  const start = inv.start.getTime();
  const end = inv.end.getTime();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//site//Booking//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${inv.method}`,
    ...vtimezone(inv.timeZone, start, end),
    'BEGIN:VEVENT',
    `UID:${inv.uid}`,
    `SEQUENCE:${inv.sequence}`,
    `DTSTAMP:${utcStamp(inv.stamp)}`,
    `DTSTART;TZID=${inv.timeZone}:${localStamp(start, inv.timeZone)}`,
    `DTEND;TZID=${inv.timeZone}:${localStamp(end, inv.timeZone)}`,
    `SUMMARY:${escapeText(inv.summary)}`,
    `DESCRIPTION:${escapeText(inv.description)}`,
    `ORGANIZER${commonName(inv.organizer)}:mailto:${inv.organizer.email}`,
    `ATTENDEE${commonName(inv.attendee)};ROLE=REQ-PARTICIPANT;PARTSTAT=${inv.method === 'CANCEL' ? 'DECLINED' : 'NEEDS-ACTION'};RSVP=${inv.method === 'CANCEL' ? 'FALSE' : 'TRUE'}:mailto:${inv.attendee.email}`,
    `STATUS:${inv.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
