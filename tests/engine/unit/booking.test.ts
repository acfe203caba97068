// The booking's pure parts: which times can be booked (office hours in Europe/Vienna across the
// changes to and from summer time, holidays, lead time, days ahead), why a time is refused, and
// the calendar invitation as RFC 5545 has it.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../../generator/config/config.ts';
import { escapeText, fold, invitationIcs } from '../../../server/booking-ics.ts';
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
  assert.equal(validateConfig(configInput).config!.contact!.booking, undefined, 'off unless configured');

  const problems = withBooking({
    timeZone: 'Europe/Graz',
    officeHours: { mon: ['9-12'], tue: ['14:00-13:00'], someday: ['09:00-10:00'] },
    holidays: ['2026-02-30', '24.12.2026'],
    slotMinutes: 0,
    daysAhead: 1.5,
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
  assert.deepEqual(
    withBooking({ timeZone: 'America/Chicago', endpoint: '/api/contact' }).diagnostics.map((d) => d.message),
    ['contact.booking.endpoint "/api/contact" is taken by the contact form'],
  );
});
