// The booking's pure parts: which times can be booked (office hours in Europe/Vienna across the
// changes to and from summer time, holidays, lead time, days ahead), why a time is refused, the
// calendar invitation as RFC 5545 has it, the limits' and the ids' rules, when a booking's mails go,
// and how times are named for visitors.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dayKey, formatSlot, intlZoneName, zoneLabel } from '../../../common/booking-rules.ts';
import { validateConfig } from '../../../generator/config/config.ts';
import { escapeText, fold, invitationIcs } from '../../../server/booking-ics.ts';
import { BOOKING_ID, newBookingId } from '../../../server/booking-id.ts';
import { emailKey, windowStart } from '../../../server/booking-limits.ts';
import { cancellationDue, invitationMayHaveArrived, pointless } from '../../../server/booking-mail-rules.ts';
import { checkSlot, freeSlots, instantOf, type SlotRules, slotsOfDay } from '../../../server/booking-slots.ts';
import { configInput } from './factories.ts';

const RULES: SlotRules = {
  timeZone: 'Europe/Vienna',
  slotMinutes: 30,
  officeHours: {
    mon: ['09:00-12:00', '13:00-14:00'],
    tue: ['09:00-10:00'],
    wed: ['09:00-10:00'],
    thu: ['09:00-10:00'],
    fri: ['09:00-10:00'],
  },
  daysAhead: 14,
  leadTimeHours: 24,
  holidays: [],
};

const at = (iso: string) => Date.parse(iso);

test('office hours are wall time in Vienna: 09:00 is 08:00 UTC in winter and 07:00 UTC in summer', () => {
  // Friday before and Monday after the change to summer time (Sunday 29 March 2026).
  assert.deepEqual(
    slotsOfDay(RULES, '2026-03-27').map((s) => s.start),
    ['2026-03-27T08:00:00.000Z', '2026-03-27T08:30:00.000Z'],
  );
  assert.equal(slotsOfDay(RULES, '2026-03-30')[0].start, '2026-03-30T07:00:00.000Z');
  // And back on Sunday 25 October 2026: Friday in summer time, Monday in winter time.
  assert.equal(slotsOfDay(RULES, '2026-10-23')[0].start, '2026-10-23T07:00:00.000Z');
  assert.equal(slotsOfDay(RULES, '2026-10-26')[0].start, '2026-10-26T08:00:00.000Z');
  // Each slot lasts 30 minutes of real time, and a span holds only whole slots.
  const monday = slotsOfDay(RULES, '2026-10-26');
  assert.equal(monday.length, 6 + 2);
  for (const slot of monday) assert.equal(Date.parse(slot.end) - Date.parse(slot.start), 30 * 60_000);
  assert.equal(
    monday.at(-1)!.start,
    '2026-10-26T12:30:00.000Z',
    'the last slot of 13:00-14:00 starts at 13:30 Vienna time',
  );
});

test('on the nights the clocks change, the skipped hour has no slots and the repeated one has its slots once', () => {
  const night: SlotRules = { ...RULES, officeHours: { sun: ['01:00-04:00'] } };
  // 29 March 2026: 02:00 becomes 03:00, so 02:00 and 02:30 do not exist.
  const spring = slotsOfDay(night, '2026-03-29');
  assert.deepEqual(
    spring.map((s) => s.start),
    ['2026-03-29T00:00:00.000Z', '2026-03-29T00:30:00.000Z', '2026-03-29T01:00:00.000Z', '2026-03-29T01:30:00.000Z'],
  );
  assert.equal(instantOf('2026-03-29', 150, 'Europe/Vienna'), undefined, '02:30 on that night is not a time in Vienna');
  // 25 October 2026: 03:00 becomes 02:00 again; 02:00 and 02:30 are taken at their first occurrence.
  const autumn = slotsOfDay(night, '2026-10-25');
  assert.equal(autumn.length, 6);
  assert.equal(new Set(autumn.map((s) => s.start)).size, 6);
  assert.equal(
    autumn.find((s) => s.start === '2026-10-25T00:00:00.000Z') !== undefined,
    true,
    '02:00 summer time is 00:00 UTC',
  );
});

test('free slots: from today for the days ahead, after the lead time, without holidays and taken slots', () => {
  // Monday 30 November 2026, 10:15 Vienna time.
  const now = at('2026-11-30T09:15:00Z');
  const slots = freeSlots({ ...RULES, holidays: ['2026-12-08'] }, now);
  const starts = slots.map((s) => s.start);
  // The lead time of 24 hours: nothing before Tuesday 10:15; Tuesday 09:00 and 09:30 are too soon.
  assert.ok(starts.every((s) => Date.parse(s) >= now + 24 * 3600_000));
  assert.equal(starts[0], '2026-12-02T08:00:00.000Z', 'the first free slot is Wednesday 09:00');
  // 8 December (a Tuesday) is a holiday; 7 December (Monday) is offered.
  assert.ok(!starts.some((s) => s.startsWith('2026-12-08')));
  assert.ok(starts.includes('2026-12-07T08:00:00.000Z'));
  // 14 days: today (30 November) up to 13 December; Monday 14 December is not offered.
  assert.ok(!starts.some((s) => s >= '2026-12-13T23:00:00.000Z'));
  assert.ok(starts.includes('2026-12-11T08:30:00.000Z'), 'Friday 11 December is offered');
  // No weekend slots.
  assert.ok(!starts.some((s) => s.startsWith('2026-12-05') || s.startsWith('2026-12-06')));
  const taken = freeSlots(RULES, now, new Set(['2026-12-02T08:00:00.000Z']));
  assert.equal(taken[0].start, '2026-12-02T08:30:00.000Z', 'a taken slot is not offered');
});

test('a requested time is refused with the reason a visitor can act on', () => {
  const now = at('2026-11-30T09:15:00Z');
  const holidays = { ...RULES, holidays: ['2026-12-08'] };
  const problem = (start: unknown) => {
    const result = checkSlot(holidays, start, now);
    return result.ok ? result.slot.start : result.problem;
  };
  assert.equal(problem(''), 'required');
  assert.equal(problem(undefined), 'required');
  assert.equal(problem('next tuesday'), 'slotInvalid');
  assert.equal(problem('2026-11-27T08:00:00.000Z'), 'slotPast');
  assert.equal(problem('2026-12-01T08:30:00.000Z'), 'slotTooSoon');
  assert.equal(problem('2026-12-08T08:00:00.000Z'), 'slotHoliday');
  assert.equal(problem('2026-12-05T08:00:00.000Z'), 'slotOutsideHours', 'a Saturday');
  assert.equal(problem('2026-12-02T17:00:00.000Z'), 'slotOutsideHours', '18:00 on a Wednesday');
  assert.equal(problem('2026-12-02T08:10:00.000Z'), 'slotOutsideHours', 'not on the half hour');
  assert.equal(problem('2026-12-21T08:00:00.000Z'), 'slotTooFar');
  // The same instant written with an offset names the same slot.
  assert.equal(problem('2026-12-02T09:00:00+01:00'), '2026-12-02T08:00:00.000Z');
});

const INVITATION = {
  method: 'REQUEST' as const,
  uid: '3f0c2a9e-1b7d-4c55-9a57-1c2d3e4f5a6b@almwerk.example',
  sequence: 0,
  stamp: new Date('2026-11-30T09:15:07Z'),
  start: new Date('2026-12-02T08:00:00Z'),
  end: new Date('2026-12-02T08:30:00Z'),
  timeZone: 'Europe/Vienna',
  summary: 'Erstgespräch mit Almwerk',
  description: 'Kostenloses Erstgespräch (30 Minuten).\n\nIhr Thema: Migration; Kubernetes, Datenbanken \\ Backups',
  organizer: { name: 'Almwerk', email: 'hello@almwerk.example' },
  attendee: { name: 'Jörg "JJ" Müller-Lüdenscheidt', email: 'joerg@example.org' },
};

/** Content lines with the folding undone (RFC 5545 3.1). */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

test('the invitation: VCALENDAR with METHOD:REQUEST, one VEVENT in Vienna time with its VTIMEZONE', () => {
  const ics = invitationIcs(INVITATION);
  assert.ok(ics.endsWith('\r\n'));
  assert.ok(!/[^\r]\n/.test(ics), 'every line ends in CRLF');
  for (const line of ics.split('\r\n'))
    assert.ok(Buffer.byteLength(line) <= 75, `a line of ${Buffer.byteLength(line)} octets: ${line}`);
  const lines = unfold(ics);
  assert.equal(lines[0], 'BEGIN:VCALENDAR');
  assert.ok(lines.includes('VERSION:2.0'));
  assert.ok(lines.includes('METHOD:REQUEST'));
  assert.ok(lines.some((l) => l.startsWith('PRODID:')));
  assert.ok(lines.includes(`UID:${INVITATION.uid}`));
  assert.ok(lines.includes('DTSTAMP:20261130T091507Z'));
  // 08:00 UTC in December is 09:00 in Vienna.
  assert.ok(lines.includes('DTSTART;TZID=Europe/Vienna:20261202T090000'));
  assert.ok(lines.includes('DTEND;TZID=Europe/Vienna:20261202T093000'));
  assert.ok(lines.includes('ORGANIZER;CN="Almwerk":mailto:hello@almwerk.example'));
  assert.ok(
    lines.some(
      (l) => l.startsWith('ATTENDEE;CN="Jörg JJ Müller-Lüdenscheidt";') && l.endsWith(':mailto:joerg@example.org'),
    ),
    'the quote cannot be escaped in a parameter, so it is dropped',
  );
  assert.ok(lines.includes('SUMMARY:Erstgespräch mit Almwerk'));
  assert.ok(
    lines.includes(
      'DESCRIPTION:Kostenloses Erstgespräch (30 Minuten).\\n\\nIhr Thema: Migration\\; Kubernetes\\, Datenbanken \\\\ Backups',
    ),
  );
  // The zone: its two observances of the year, summer time from the last Sunday of March at 02:00
  // (+0100 to +0200) and winter time from the last Sunday of October at 03:00.
  const tz = lines.slice(lines.indexOf('BEGIN:VTIMEZONE'), lines.indexOf('END:VTIMEZONE') + 1);
  assert.ok(tz.includes('TZID:Europe/Vienna'));
  const daylight = tz.slice(tz.indexOf('BEGIN:DAYLIGHT'), tz.indexOf('END:DAYLIGHT'));
  assert.ok(
    daylight.includes('DTSTART:20260329T020000') &&
      daylight.includes('TZOFFSETFROM:+0100') &&
      daylight.includes('TZOFFSETTO:+0200'),
    daylight.join(' | '),
  );
  const standard = tz.slice(tz.indexOf('BEGIN:STANDARD'), tz.indexOf('END:STANDARD'));
  assert.ok(
    standard.includes('DTSTART:20261025T030000') &&
      standard.includes('TZOFFSETFROM:+0200') &&
      standard.includes('TZOFFSETTO:+0100'),
    standard.join(' | '),
  );
  // Components are nested properly: VTIMEZONE and VEVENT inside VCALENDAR.
  const order = lines.filter((l) => /^(BEGIN|END):/.test(l)).join(',');
  assert.match(
    order,
    /^BEGIN:VCALENDAR,BEGIN:VTIMEZONE,(BEGIN:(STANDARD|DAYLIGHT),END:(STANDARD|DAYLIGHT),)+END:VTIMEZONE,BEGIN:VEVENT,END:VEVENT,END:VCALENDAR$/,
  );
});

test('the cancellation keeps the UID, raises the SEQUENCE and says CANCEL', () => {
  const lines = unfold(invitationIcs({ ...INVITATION, method: 'CANCEL', sequence: 1 }));
  assert.ok(lines.includes('METHOD:CANCEL'));
  assert.ok(lines.includes('STATUS:CANCELLED'));
  assert.ok(lines.includes('SEQUENCE:1'));
  assert.ok(lines.includes(`UID:${INVITATION.uid}`));
});

test('folding: at most 75 octets a line, never inside a UTF-8 character, and unfolding gives the line back', () => {
  const line = `DESCRIPTION:${'Grüße aus Graz – 🏔️ '.repeat(12)}`;
  const folded = fold(line);
  const parts = folded.split('\r\n');
  assert.ok(parts.length > 3);
  for (const [i, part] of parts.entries()) {
    assert.ok(Buffer.byteLength(part) <= 75, `part ${i} has ${Buffer.byteLength(part)} octets`);
    if (i > 0) assert.equal(part[0], ' ');
    assert.ok(!part.includes('\ufffd'));
  }
  assert.equal(folded.replace(/\r\n /g, ''), line);
  assert.equal(escapeText('a,b;c\\d\r\ne'), 'a\\,b\\;c\\\\d\\ne');
});

test('the booking keys of the config: defaults, and every mistake named by its key with what is expected', () => {
  const withBooking = (booking: Record<string, unknown>) =>
    validateConfig({ ...configInput, contact: { ...configInput.contact, booking } });
  const defaults = withBooking({ timeZone: 'America/Chicago' }).config!.contact!.booking!;
  assert.equal(defaults.timeZone, 'America/Chicago');
  // The engine knows no office: its zone is the site's to say.
  const zoneless = withBooking({});
  assert.equal(zoneless.config, undefined);
  assert.match(zoneless.diagnostics.map((d) => d.message).join('\n'), /contact\.booking\.timeZone/);
  assert.equal(defaults.slotMinutes, 30);
  assert.equal(defaults.endpoint, '/api/booking');
  assert.deepEqual(defaults.officeHours.mon, ['09:00-12:00', '13:00-17:00']);
  assert.equal(defaults.officeHours.sat, undefined);
  assert.deepEqual([defaults.daysAhead, defaults.leadTimeHours, defaults.holidays], [14, 24, []]);
  assert.deepEqual([defaults.maxOpenPerEmail, defaults.maxPerDay], [2, 20], 'two calls per address, 20 a day');
  assert.equal(validateConfig(configInput).config!.contact!.booking, undefined, 'off unless configured');

  const problems = withBooking({
    timeZone: 'Europe/Graz',
    officeHours: { mon: ['9-12'], tue: ['14:00-13:00'], someday: ['09:00-10:00'] },
    holidays: ['2026-02-30', '24.12.2026'],
    slotMinutes: 0,
    daysAhead: 1.5,
    maxOpenPerEmail: 0,
    maxPerDay: 'many',
  }).diagnostics.map((d) => d.message);
  const about = (key: string) => {
    const found = problems.filter((m) => m.startsWith(`"${key}"`) || m.startsWith(`${key}:`));
    assert.equal(found.length, 1, `one message about ${key}: ${JSON.stringify(problems)}`);
    return found[0];
  };
  assert.match(about('contact.booking.timeZone'), /IANA time zone like Europe\/Vienna/);
  assert.match(about('contact.booking.officeHours.mon[0]'), /span of wall time like 09:00-12:00/);
  assert.match(about('contact.booking.officeHours.tue[0]'), /end after it starts/);
  assert.match(about('contact.booking.officeHours'), /unknown key "someday"/);
  assert.match(about('contact.booking.holidays[0]'), /not a date of the calendar/);
  assert.match(about('contact.booking.holidays[1]'), /a date like 2026-12-24/);
  assert.ok(problems.some((m) => m.includes('contact.booking.slotMinutes')));
  assert.ok(problems.some((m) => m.includes('contact.booking.daysAhead')));
  assert.ok(problems.some((m) => m.includes('contact.booking.maxOpenPerEmail')));
  assert.ok(problems.some((m) => m.includes('contact.booking.maxPerDay')));
  assert.deepEqual(
    withBooking({ timeZone: 'America/Chicago', endpoint: '/api/contact' }).diagnostics.map((d) => d.message),
    ['contact.booking.endpoint "/api/contact" is taken by the contact form'],
  );
});

test('the per-address limit counts an address once, whatever its case, +tag, trailing dot or IDN form; the daily one the last 24 hours', () => {
  assert.equal(emailKey('Ann.Berger@Example.ORG'), 'ann.berger@example.org');
  assert.equal(emailKey(' ann+calls-2@example.org '), 'ann@example.org');
  assert.equal(emailKey('ann+1@example.org'), emailKey('ANN+2@EXAMPLE.ORG'));
  assert.notEqual(emailKey('ann@example.org'), emailKey('anna@example.org'));
  // A + that starts the local part is no tag.
  assert.equal(emailKey('+ann@example.org'), '+ann@example.org');
  // The domain as DNS names it: the root's trailing dot and an IDN's Unicode form reach the same inbox.
  assert.equal(emailKey('ann@example.org.'), 'ann@example.org');
  assert.equal(emailKey('Ann+2@Example.ORG..'), 'ann@example.org');
  assert.equal(emailKey('ann@bücher.de'), emailKey('ann@xn--bcher-kva.de'));
  assert.equal(windowStart('2026-12-02T09:30:00.000Z'), '2026-12-01T09:30:00.000Z');
});

test('booking ids are random: twelve characters that are easy to read out, none like another, no counter', () => {
  const ids = Array.from({ length: 2000 }, newBookingId);
  for (const id of ids) assert.match(id, /^[0-9a-hjkmnp-tv-z]{12}$/);
  assert.equal(new Set(ids).size, ids.length);
  assert.ok(ids.every((id) => BOOKING_ID.test(id)));
  // Every character of the alphabet turns up, in every place: no place is a counter.
  for (let place = 0; place < 12; place++) assert.ok(new Set(ids.map((id) => id[place])).size >= 30, `place ${place}`);
  assert.ok(!BOOKING_ID.test('12; DROP'), 'what people type is checked');
});

test('a cancellation is mailed only when the invitation may have reached the visitor', () => {
  const row = { sent_at: null, dead_at: null, lease_until: null, unconfirmed: 0 };
  assert.equal(invitationMayHaveArrived(undefined), false, 'no invitation at all');
  assert.equal(invitationMayHaveArrived(row), false, 'queued (no mail server yet, or waiting for a retry)');
  assert.equal(invitationMayHaveArrived({ ...row, sent_at: '2026-12-01T10:00:00Z' }), true, 'sent');
  assert.equal(invitationMayHaveArrived({ ...row, lease_until: 5000 }), true, 'being sent right now');
  assert.equal(invitationMayHaveArrived({ ...row, unconfirmed: 1 }), true, 'sent once without an answer');
  assert.equal(
    invitationMayHaveArrived({ ...row, dead_at: '2026-12-01T10:00:00Z', unconfirmed: 1 }),
    true,
    'given up on after the mail server may have had it',
  );
  assert.equal(
    invitationMayHaveArrived({ ...row, dead_at: '2026-12-01T10:00:00Z' }),
    false,
    'refused for good, or given up on before the body ever went out',
  );
  // A cancellation waits for a send of the invitation in progress, so it cannot overtake it.
  assert.equal(cancellationDue({ ...row, lease_until: 9000 }, 1000), 9000);
  assert.equal(cancellationDue({ ...row, sent_at: 'x', lease_until: null }, 1000), 1000);
  assert.equal(cancellationDue(undefined, 1000), 1000);
});

test('an invitation is not sent once its booking is cancelled or its call has begun; a cancellation always is', () => {
  const booking = {
    id: 'k2m9x4dt3hqa',
    start: '2026-12-02T09:00:00.000Z',
    end: '2026-12-02T09:30:00.000Z',
    bookedAt: '2026-11-20T10:00:00.000Z',
    locale: 'de',
    name: 'Ann',
    email: 'ann@example.org',
    topic: '',
    uid: 'u',
    cancelledAt: null,
  };
  const before = Date.parse('2026-12-01T00:00:00Z');
  assert.equal(pointless('confirmation', booking, before), undefined);
  assert.match(pointless('confirmation', booking, Date.parse(booking.start))!, /call had begun/);
  assert.match(pointless('confirmation', { ...booking, cancelledAt: '2026-11-30T00:00:00Z' }, before)!, /cancelled/);
  assert.equal(pointless('cancellation', { ...booking, cancelledAt: '2026-11-30T00:00:00Z' }, before), undefined);
});

test('times are named for visitors as the site names its zone, other zones as the locale does, never by IANA id', () => {
  const office = { zone: 'Europe/Vienna', name: 'Wiener Zeit' };
  assert.equal(zoneLabel('Europe/Vienna', 'de-AT', office), 'Wiener Zeit');
  assert.equal(zoneLabel('America/New_York', 'en-GB', office), 'Eastern Time');
  assert.equal(zoneLabel('Europe/Vienna', 'en-GB', { ...office, name: '' }), 'Central European Time');
  assert.equal(intlZoneName('UTC', 'de-AT'), 'Koordinierte Weltzeit', 'not "GMT+00:00"');
  // A zone the locale names only by its country says "local time" itself: its own name instead, so
  // that the form's "(Ihre Ortszeit)" is not said twice.
  for (const [locale, phrase] of [
    ['de-AT', /Ortszeit/],
    ['en-GB', /United Kingdom/],
  ] as const) {
    const london = zoneLabel('Europe/London', locale, office);
    assert.doesNotMatch(london, phrase, london);
    assert.match(london, /Greenwich/);
  }
  const slot = formatSlot('2026-12-02T08:00:00.000Z', 'de-AT', 'Europe/Vienna', 'Wiener Zeit');
  assert.equal(slot, 'Mittwoch, 2. Dezember 2026 um 09:00 (Wiener Zeit)');
  assert.doesNotMatch(slot, /Europe|Vienna\//);
  // The day a time is on, in the zone shown: 23:30 UTC is the next day in Vienna.
  assert.equal(dayKey('2026-12-02T23:30:00.000Z', 'Europe/Vienna'), '2026-12-03');
  assert.equal(dayKey('2026-12-02T23:30:00.000Z', 'UTC'), '2026-12-02');
});
