// Booking an introductory call by HTTP against the production server on the fixture site with
// booking turned on, its SQLite file and a real SMTP server on 127.0.0.1: the free times, the
// refusals with their reasons in the visitor's language, concurrent bookings of one slot (exactly
// one wins), the limit per address (429), random ids, the confirmation mail with its invitation
// and nothing of what the visitor typed in it, `site contact list` and `site contact cancel` (the
// slot is free again, the visitor gets the cancellation), plain form posts (303 to the contact
// page), and retention.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { formatDiagnostic, runBuild } from '../../../generator/build/build.ts';
import { freeSlots, type SlotRules, wallOf } from '../../../server/booking-slots.ts';
import { BookingStore } from '../../../server/booking-store.ts';
import { DB_FILE } from '../../../server/contact-store.ts';
import { purgeExpiredBookings } from '../../../server/retention.ts';
import { fixtureCopy, REPO } from '../../helpers.ts';
import {
  asClient,
  type BuiltFixture,
  decodeWords,
  followResult,
  mimeParts,
  postForm,
  type RunningServer,
  type SmtpSink,
  smtpSink,
  startServer,
} from './contact-helpers.ts';

const run = promisify(execFile);
const DAY = 24 * 60 * 60_000;

/** Today and the next days in Vienna; the day after tomorrow is a holiday. */
const holiday = wallOf(Date.now() + 2 * DAY, 'Europe/Vienna').date;
const RULES: SlotRules = {
  timeZone: 'Europe/Vienna',
  slotMinutes: 30,
  officeHours: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, ['08:00-20:00']])),
  daysAhead: 7,
  leadTimeHours: 2,
  holidays: [holiday],
};

let site: BuiltFixture;
let server: RunningServer;
let sink: SmtpSink;
const OWNERS = 'owners@fixture.example';

before(async () => {
  const { root, dispose } = await fixtureCopy('basic');
  await writeFile(
    path.join(root, 'config/site.config.ts'),
    `import { base } from './base.ts';\nexport default { ...base, contact: { ...base.contact!, booking: ${JSON.stringify({ endpoint: '/api/booking', ...RULES })} } };\n`,
  );
  const dir = path.join(root, 'build');
  const result = await runBuild({ root, mode: 'build', outDir: dir });
  if (!result.ok) throw new Error(`the fixture did not build:\n${result.diagnostics.map(formatDiagnostic).join('\n')}`);
  site = { root, dir, dispose };
  sink = await smtpSink();
  server = await startServer(site, {
    smtp: { url: sink.url, to: OWNERS, from: 'Website <website@fixture.example>' },
    relay: {
      baseDelayMs: 50,
      maxDelayMs: 200,
      maxAttempts: 3,
      socketTimeoutMs: 5000,
      sendTimeoutMs: 12_500,
      leaseMs: 25_000,
      unconfirmedDelayMs: 1000,
    },
  });
});
after(async () => {
  await server?.stop();
  await sink?.stop();
  await site?.dispose();
});

interface SlotList {
  timeZone: string;
  slotMinutes: number;
  slots: { start: string; end: string }[];
}

async function slots(): Promise<SlotList> {
  const response = await fetch(`${server.url}/api/booking/slots`);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('cache-control'), 'no-store');
  return (await response.json()) as SlotList;
}

let visitor = 0;
function person(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  visitor++;
  return {
    name: `Caller ${visitor}`,
    email: `caller${visitor}@example.org`,
    topic: 'Moving our shop to managed Kubernetes.',
    terms: true,
    locale: 'en',
    ...overrides,
  };
}

function book(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/api/booking`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

function bookingsIn(dataDir: string): { id: string; start: string; name: string; cancelled_at: string | null }[] {
  const db = new Database(path.join(dataDir, DB_FILE), { readonly: true });
  try {
    return db
      .prepare('SELECT ref AS id, slot_start AS start, name, cancelled_at FROM bookings ORDER BY bookings.id')
      .all() as never;
  } finally {
    db.close();
  }
}

const cli = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, [path.join(REPO, 'bin/site.js'), 'contact', ...args, '--data', server.dataDir], {
    cwd: REPO,
    env: { ...process.env, SITE_DATA_DIR: '', SMTP_URL: '', ...env },
  });

/** Waits until `site contact list` shows the booking's mails so (the relay records a send just after it). */
async function waitForMailState(id: string, state: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const line = (await cli(['list'])).stdout.split('\n').find((l) => l.startsWith(`booking #${id} `));
    if (line?.includes(state)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`booking #${id} never showed "${state}"`);
}

describe('the free times', () => {
  test('are the office hours of the days ahead, after the lead time, without the holiday, in Vienna time', async () => {
    const list = await slots();
    assert.equal(list.timeZone, 'Europe/Vienna');
    assert.equal(list.slotMinutes, 30);
    const now = Date.now();
    assert.ok(list.slots.length > 50, `${list.slots.length} slots`);
    for (const slot of list.slots) {
      const start = Date.parse(slot.start);
      assert.ok(start >= now + 2 * 3600_000 - 60_000, `${slot.start} is inside the lead time`);
      assert.equal(Date.parse(slot.end) - start, 30 * 60_000);
      const wall = wallOf(start, 'Europe/Vienna');
      assert.ok(
        wall.minutes >= 8 * 60 && wall.minutes <= 19 * 60 + 30 && wall.minutes % 30 === 0,
        `${slot.start} is ${wall.minutes} minutes into the day in Vienna`,
      );
      assert.notEqual(wall.date, holiday, `${slot.start} is on the holiday`);
    }
    // The same as the rules say, give or take a slot that passed its lead time meanwhile.
    const expected = freeSlots(RULES, now).map((s) => s.start);
    assert.ok(Math.abs(expected.length - list.slots.length) <= 1);
  });
});

describe('booking', () => {
  test('a booking is stored, the slot is gone for the next visitor, and the visitor gets the invitation', async () => {
    const before = await slots();
    const chosen = before.slots[3];
    const response = await book(
      person({
        slot: chosen.start,
        name: 'Grete Ölz <a href="https://win.example">Sie haben gewonnen</a>',
        email: 'grete@example.org',
        topic: 'Ihr Konto ist gesperrt: https://phish.example/login',
        locale: 'de',
      }),
    );
    assert.equal(response.status, 201);
    const body = (await response.json()) as {
      ok: boolean;
      booking: { id: string; start: string; end: string; invitation: string };
    };
    assert.match(body.booking.id, /^[0-9a-z]{12}$/, 'a random id, not a counter');
    assert.deepEqual(body.booking, {
      id: body.booking.id,
      start: chosen.start,
      end: chosen.end,
      invitation: 'sending',
    });
    assert.ok(!(await slots()).slots.some((s) => s.start === chosen.start), 'the slot is no longer offered');
    assert.equal(bookingsIn(server.dataDir).filter((b) => b.start === chosen.start).length, 1);

    await sink.waitFor(1);
    const mail = sink.mails.find((m) => m.headers.get('x-booking-id') === String(body.booking.id))!;
    assert.ok(mail, 'the confirmation arrived at the SMTP server');
    assert.deepEqual(mail.to.sort(), ['grete@example.org', OWNERS].sort(), 'to the visitor, the owners in copy');
    assert.match(mail.headers.get('subject')!, /^Ihr Erstgespräch mit Fixture/);
    // The zone as people call it (the fixture names none: the locale's name), never its IANA id.
    assert.match(mail.headers.get('subject')!, /\(Mitteleuropäische Zeit\)$/);
    assert.doesNotMatch(mail.raw, /Europe\/Vienna\)/);
    // Nothing the visitor typed reaches the address typed: not the name, not the topic.
    const text = mimeParts(mail.raw, 'text/plain')[0].body;
    for (const typed of ['Grete', 'gewonnen', 'win.example', 'phish.example', 'gesperrt'])
      assert.ok(!decodeWords(mail.raw).includes(typed) && !text.includes(typed), `"${typed}" is not in the mail`);
    assert.match(text, /^Guten Tag,\r?\n/);
    assert.equal(mail.headers.get('to'), 'grete@example.org');
    const wall = wallOf(Date.parse(chosen.start), 'Europe/Vienna');
    const hhmm = `${String(Math.floor(wall.minutes / 60)).padStart(2, '0')}:${String(wall.minutes % 60).padStart(2, '0')}`;
    assert.ok(
      mail.headers.get('subject')!.includes(hhmm),
      `the subject names the time ${hhmm} in Vienna: ${mail.headers.get('subject')}`,
    );
    const [calendar] = mimeParts(mail.raw, 'text/calendar');
    assert.ok(calendar, 'a text/calendar part');
    assert.match(calendar.headers, /method=REQUEST/i);
    const ics = calendar.body;
    assert.ok(ics.includes('\r\nMETHOD:REQUEST\r\n'));
    assert.ok(
      ics.includes(`\r\nDTSTART;TZID=Europe/Vienna:${wall.date.replace(/-/g, '')}T${hhmm.replace(':', '')}00\r\n`),
      ics,
    );
    assert.ok(ics.includes('BEGIN:VTIMEZONE\r\nTZID:Europe/Vienna\r\n'));
    assert.match(ics.replace(/\r\n /g, ''), /\r\nATTENDEE;ROLE=[^\r\n]*:mailto:grete@example\.org\r\n/);
    assert.doesNotMatch(ics, /Grete|phish|gesperrt/);
    assert.match(
      ics.replace(/\r\n /g, ''),
      new RegExp(`\\r\\nORGANIZER;CN="[^"]+":mailto:${OWNERS.replace('.', '\\.')}\\r\\n`),
    );
    assert.ok(
      mimeParts(mail.raw, 'application/ics').some((p) => /invitation\.ics/.test(p.headers)),
      'and as an attachment, invitation.ics',
    );
  });

  test('twenty visitors book the same slot at once: exactly one gets it, the others hear why in their language', async () => {
    const chosen = (await slots()).slots[6];
    // Each visitor's browser sends again, with the same key, what a busy machine's refused or reset
    // connection lost: still one booking, and each visitor one answer.
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        asClient(() =>
          book(person({ slot: chosen.start, locale: i % 2 ? 'de' : 'en' }), { 'idempotency-key': `same-slot-${i}` }),
        ),
      ),
    );
    const statuses = responses.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 201).length, 1, `statuses: ${statuses.join(' ')}`);
    assert.equal(statuses.filter((s) => s === 409).length, 19);
    const refusals = await Promise.all(
      responses
        .filter((r) => r.status === 409)
        .map((r) => r.json() as Promise<{ fields: { slot: string }; messages: { slot: string } }>),
    );
    for (const r of refusals) assert.equal(r.fields.slot, 'slotTaken');
    const texts = new Set(refusals.map((r) => r.messages.slot));
    assert.deepEqual([...texts].sort(), [
      'Diesen Termin hat gerade jemand anderes gebucht. Bitte wählen Sie einen anderen.',
      'Someone else has just booked this time. Please choose another one.',
    ]);
    assert.equal(
      bookingsIn(server.dataDir).filter((b) => b.start === chosen.start).length,
      1,
      'one row holds the slot',
    );
  });

  test('the database itself refuses a second booking of a held slot, from any connection', async () => {
    const held = bookingsIn(server.dataDir).find((b) => !b.cancelled_at)!;
    const db = new Database(path.join(server.dataDir, DB_FILE));
    try {
      assert.throws(
        () =>
          db
            .prepare(
              "INSERT INTO bookings (slot_start, slot_end, booked_at, locale, name, email, topic, uid, idempotency_key, payload_hash) VALUES (?, ?, '2026-01-01', 'en', 'Sneaky', 's@example.org', '', 'uid-sneaky', 'key-sneaky', 'h')",
            )
            .run(held.start, held.start),
        /UNIQUE constraint failed: bookings\.slot_start/,
      );
    } finally {
      db.close();
    }
  });

  test('times that cannot be booked are refused per field, with a reason, and nothing is stored', async () => {
    const now = Date.now();
    const dayAfterHoliday = wallOf(now + 3 * DAY, 'Europe/Vienna').date;
    const cases: [string, unknown, string, string][] = [
      ['missing', undefined, 'required', 'Please choose a time.'],
      ['not a time', 'tomorrow morning', 'slotInvalid', 'This time does not exist. Please choose one from the list.'],
      [
        'in the past',
        new Date(now - DAY).toISOString(),
        'slotPast',
        'This time has already passed. Please choose a later one.',
      ],
      [
        'inside the lead time',
        new Date(Math.ceil((now + 30 * 60_000) / 1800_000) * 1800_000).toISOString(),
        'slotTooSoon',
        'This time is too soon: calls can be booked at least 2 hours ahead. Please choose a later one.',
      ],
      [
        'on the holiday',
        freeSlots({ ...RULES, holidays: [] }, now).find(
          (s) => wallOf(Date.parse(s.start), 'Europe/Vienna').date === holiday,
        )!.start,
        'slotHoliday',
        'Our office is closed on this day. Please choose another day.',
      ],
      [
        'after office hours',
        new Date(
          Date.parse(
            freeSlots(RULES, now).find((s) => wallOf(Date.parse(s.start), 'Europe/Vienna').date === dayAfterHoliday)!
              .start,
          ) -
            60 * 60_000,
        ).toISOString(),
        'slotOutsideHours',
        'This time is outside our office hours. Please choose one from the list.',
      ],
      [
        'too far ahead',
        new Date(now + 20 * DAY).toISOString(),
        'slotTooFar',
        'This time is too far ahead. Please choose one from the list.',
      ],
    ];
    const stored = bookingsIn(server.dataDir).length;
    for (const [label, slot, code, message] of cases) {
      const response = await book(person({ slot, name: `Refused ${label}` }));
      assert.equal(response.status, 400, label);
      const body = (await response.json()) as {
        error: string;
        fields: Record<string, string>;
        messages: Record<string, string>;
      };
      assert.equal(body.fields.slot, code, label);
      assert.equal(body.messages.slot, message, label);
    }
    const german = (await (
      await book(person({ slot: new Date(now - DAY).toISOString(), locale: 'de', email: 'not-an-address' }))
    ).json()) as { messages: Record<string, string> };
    assert.equal(german.messages.slot, 'Dieser Termin liegt in der Vergangenheit. Bitte wählen Sie einen späteren.');
    assert.equal(german.messages.email, 'Bitte geben Sie eine gültige E-Mail-Adresse an.');
    assert.equal(bookingsIn(server.dataDir).length, stored, 'nothing was stored');
  });

  test('the same Idempotency-Key books once; abuse protection as for messages', async () => {
    const chosen = (await slots()).slots[8];
    const body = person({ slot: chosen.start, name: 'Twice Sent' });
    const first = await book(body, { 'idempotency-key': 'booking-key-0001' });
    const second = await book(body, { 'idempotency-key': 'booking-key-0001' });
    assert.equal(first.status, 201);
    assert.equal(second.status, 201);
    assert.equal(((await second.json()) as { duplicate?: boolean }).duplicate, true);
    assert.equal(bookingsIn(server.dataDir).filter((b) => b.name === 'Twice Sent').length, 1);
    const crossSite = await book(person({ slot: (await slots()).slots[9].start, name: 'Cross Site' }), {
      'sec-fetch-site': 'cross-site',
    });
    assert.equal(crossSite.status, 403);
    const huge = await book(person({ slot: chosen.start, topic: 'x'.repeat(70_000) }));
    assert.equal(huge.status, 413);
    const honey = await book(
      person({ slot: (await slots()).slots[10].start, name: 'Honey Bot', website: 'https://spam.example' }),
    );
    assert.equal(honey.status, 201);
    assert.equal(bookingsIn(server.dataDir).filter((b) => b.name === 'Honey Bot' || b.name === 'Cross Site').length, 0);
  });
});

describe('the limit per address', () => {
  test("one address books two calls; a third is refused with 429 in the visitor's language, as JSON and as a page", async () => {
    const list = (await slots()).slots;
    const first = await book(person({ slot: list[20].start, email: 'keen@example.org' }));
    const second = await book(person({ slot: list[21].start, email: 'Keen+Second@Example.org', locale: 'de' }));
    assert.deepEqual([first.status, second.status], [201, 201]);
    const third = await book(person({ slot: list[22].start, email: 'KEEN@example.org' }));
    assert.equal(third.status, 429);
    assert.deepEqual(await third.json(), {
      error: 'booking-limit',
      limit: 'email',
      message:
        'This email address already has as many calls booked as we take through the website. For another appointment, please write to us with the contact form.',
    });
    const german = (await (
      await book(person({ slot: list[22].start, email: 'keen+3@example.org', locale: 'de' }))
    ).json()) as { message: string };
    assert.match(german.message, /^Für diese E-Mail-Adresse sind schon so viele Gespräche gebucht/);
    const page = await (
      await followResult(
        server.url,
        await postForm(
          server.url,
          { slot: list[23].start, name: 'Keen', email: 'keen@example.org', terms: 'on', locale: 'de' },
          {},
          '/api/booking',
        ),
      )
    ).text();
    assert.match(
      page,
      /data-status="limit-email"[^>]* autofocus="">Für diese E-Mail-Adresse sind schon so viele Gespräche gebucht/,
    );
    assert.match(page, /id="booking-email"[^>]*value="keen@example\.org"/, 'what the visitor typed is kept');
    assert.equal(
      bookingsIn(server.dataDir).filter((b) => [list[22], list[23]].some((s) => s.start === b.start)).length,
      0,
    );
  });
});

describe('the owners: site contact list and cancel', () => {
  test('list shows the bookings; cancel frees the slot and mails the visitor the cancellation', async () => {
    const chosen = (await slots()).slots[12];
    const response = await book(person({ slot: chosen.start, name: 'Cancel Me', email: 'cancel.me@example.org' }));
    const { booking } = (await response.json()) as { booking: { id: string } };
    await sink.waitFor(sink.mails.length);
    await waitForMailState(booking.id, 'invitation sent');
    const listed = await cli(['list']);
    assert.match(
      listed.stdout,
      new RegExp(
        `booking #${booking.id}  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d–\\d\\d:\\d\\d Europe/Vienna  en  Cancel Me <cancel\\.me@example\\.org>  \\[booked; invitation sent\\]`,
      ),
    );
    assert.match(listed.stdout, /\d+ bookings to come, 0 past, 0 cancelled/);
    assert.match(listed.stdout, / {4}Moving our shop to managed Kubernetes\./);

    const mailsBefore = sink.mails.length;
    const cancelled = await cli(['cancel', booking.id], { SMTP_URL: sink.url, CONTACT_TO: OWNERS });
    assert.match(
      cancelled.stdout,
      new RegExp(
        `Cancelled booking #${booking.id}: .*Cancel Me <cancel\\.me@example\\.org>\\. The time is free again\\.`,
      ),
    );
    assert.match(cancelled.stdout, /The cancellation was mailed to cancel\.me@example\.org\./);
    assert.ok(
      (await slots()).slots.some((s) => s.start === chosen.start),
      'the slot is offered again',
    );
    await sink.waitFor(mailsBefore + 1);
    const mail = sink.mails.slice(mailsBefore).find((m) => m.to.includes('cancel.me@example.org'))!;
    assert.match(mail.headers.get('subject')!, /^Cancelled: your introductory call with/);
    const ics = mimeParts(mail.raw, 'text/calendar')[0].body;
    assert.ok(
      ics.includes('\r\nMETHOD:CANCEL\r\n') &&
        ics.includes('\r\nSTATUS:CANCELLED\r\n') &&
        ics.includes('\r\nSEQUENCE:1\r\n'),
    );
    const confirmation = sink.mails.find((m) => m.headers.get('x-booking-id') === String(booking.id) && m !== mail)!;
    const uidOf = (text: string) => /\r\nUID:([^\r\n]+)/.exec(text.replace(/\r\n /g, ''))?.[1];
    assert.equal(
      uidOf(ics),
      uidOf(mimeParts(confirmation.raw, 'text/calendar')[0].body),
      'the cancellation names the event of the invitation',
    );

    // Someone else may book the time now.
    assert.equal((await book(person({ slot: chosen.start, name: 'Next Caller' }))).status, 201);
    const again = await cli(['cancel', booking.id]);
    assert.match(again.stdout, /was cancelled already/);
    await cli(['cancel', 'zzzzzzzzzzzz']).then(
      () => assert.fail('an unknown booking was accepted'),
      (error: { stderr: string }) => assert.match(error.stderr, /there is no booking #zzzzzzzzzzzz/),
    );
    await cli(['cancel', '7']).then(
      () => assert.fail('a number was taken for an id'),
      (error: { stderr: string }) => assert.match(error.stderr, /a booking id like/),
    );
    assert.match(
      (await cli(['list'])).stdout,
      new RegExp(`booking #${booking.id} .*\\[cancelled \\d{4}-[^;\\]]+; invitation sent, cancellation sent\\]`),
    );
  });
});

describe('without JavaScript', () => {
  test('the contact page with ?slots lists the free times as radio buttons, in Vienna time', async () => {
    const response = await fetch(`${server.url}/en/contact/?slots=1`);
    assert.equal(response.status, 200);
    const html = await response.text();
    const first = (await slots()).slots[0];
    assert.match(
      html,
      new RegExp(
        `<input type="radio" id="booking-slot-0"[^>]* name="slot" value="${first.start.replace(/\./g, '\\.')}"`,
      ),
    );
    assert.match(html, /<label for="booking-slot-0">\d\d:\d\d<\/label>/);
    // The day first: one radio button per day, the first one chosen, its times shown.
    assert.match(
      html,
      /<input type="radio" class="booking-day-input" id="booking-day-0" name="day" checked="" value="\d{4}-\d\d-\d\d"/,
    );
    assert.match(html, /Time zone: Central European Time</);
    assert.doesNotMatch(html.replace(/ data-props="[^"]*"/g, ''), /Europe\/Vienna/, 'no IANA id on the page');
    assert.match(html, /<form class="contact-form booking-form"[^>]* action="\/api\/booking" method="post">/);
  });

  test('a plain booking is answered with 303 to the contact page, which shows the booked time; mistakes come back beside their fields', async () => {
    const chosen = (await slots()).slots[14];
    const posted = await postForm(
      server.url,
      {
        slot: chosen.start,
        name: 'Plain Booker',
        email: 'plain.booker@example.org',
        topic: '',
        terms: 'accepted',
        locale: 'de',
      },
      {},
      '/api/booking',
    );
    assert.equal(posted.status, 303);
    // No fragment: the page opens where the browser puts the focus (the result, `autofocus`).
    assert.match(posted.headers.get('location')!, /^\/contact\/\?result=[0-9a-f]{32}$/);
    const page = await (await followResult(server.url, posted)).text();
    assert.match(
      page,
      /data-status="success"[^>]* autofocus="">Ihr Erstgespräch ist gebucht: [^<]+ \(Mitteleuropäische Zeit\)\. Die Einladung ist unterwegs an plain\.booker@example\.org\./,
    );
    assert.equal(bookingsIn(server.dataDir).filter((b) => b.name === 'Plain Booker').length, 1);

    const taken = await (
      await followResult(
        server.url,
        await postForm(
          server.url,
          { slot: chosen.start, name: 'Too Late', email: 'late@example.org', terms: 'on', locale: 'en' },
          {},
          '/api/booking',
        ),
      )
    ).text();
    assert.match(
      taken,
      /id="booking-slot-error" role="alert" tabindex="-1" autofocus="">Someone else has just booked this time\. Please choose another one\.</,
    );
    assert.match(taken, /id="booking-name"[^>]*value="Too Late"/);
    assert.doesNotMatch(
      taken,
      new RegExp(`value="${chosen.start.replace(/\./g, '\\.')}"`),
      'the taken time is not offered again',
    );
    const invalid = await (
      await followResult(server.url, await postForm(server.url, { name: 'X', locale: 'en' }, {}, '/api/booking'))
    ).text();
    assert.match(invalid, /id="booking-slot-error" role="alert" tabindex="-1" autofocus="">Please choose a time\.</);
    assert.match(invalid, /id="booking-terms-error" role="alert"[^>]*>Please accept the terms\.</);
    assert.equal(invalid.match(/autofocus/g)?.length, 1, 'one element takes the focus');
  });

  test('a time chosen on one day is not booked when the day shown is another', async () => {
    const list = (await slots()).slots;
    const dayOf = (start: string) => wallOf(Date.parse(start), 'Europe/Vienna').date;
    const first = list[0];
    const otherDay = dayOf(list.find((s) => dayOf(s.start) !== dayOf(first.start))!.start);
    const page = await (
      await followResult(
        server.url,
        await postForm(
          server.url,
          {
            slot: first.start,
            day: otherDay,
            name: 'Day Hopper',
            email: 'hopper@example.org',
            terms: 'on',
            locale: 'en',
          },
          {},
          '/api/booking',
        ),
      )
    ).text();
    assert.match(page, /id="booking-slot-error"[^>]*>Please choose a time\.</);
    assert.match(page, new RegExp(`name="day" checked="" value="${otherDay}"`), 'the day chosen stays chosen');
    assert.equal(bookingsIn(server.dataDir).filter((b) => b.name === 'Day Hopper').length, 0);
  });

  test('a GET of the booking endpoint is sent to the booking on the contact page', async () => {
    const response = await fetch(`${server.url}/api/booking`, {
      redirect: 'manual',
      headers: { referer: `${server.url}/en/docs/` },
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.get('location'), '/en/contact/#appointment');
  });
});

test('retention: bookings whose call ended more than 12 months ago are deleted, with their mails', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-booking-retention-'));
  try {
    const store = BookingStore.open(dataDir);
    const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
    for (const [name, days] of [
      ['Old Call', 400],
      ['Recent Call', 300],
      ['Coming Call', -3],
    ] as const) {
      await store.book(
        {
          start: ago(days),
          end: ago(days - 0.02),
          bookedAt: ago(days + 2),
          locale: 'de',
          name,
          email: 'x@example.org',
          topic: '',
          idempotencyKey: `ret-${name}`,
          payloadHash: name,
        },
        { maxOpenPerEmail: 10, maxPerDay: 10 },
      );
    }
    const purged = await purgeExpiredBookings(store, 12);
    assert.equal(purged.bookings, 1);
    store.close();
    assert.deepEqual(
      bookingsIn(dataDir).map((b) => b.name),
      ['Recent Call', 'Coming Call'],
    );
    const db = new Database(path.join(dataDir, DB_FILE), { readonly: true });
    assert.equal(
      (db.prepare('SELECT COUNT(*) AS n FROM booking_outbox').get() as { n: number }).n,
      2,
      'the old call’s mail is gone too',
    );
    db.close();
    const { stdout } = await run(
      process.execPath,
      [path.join(REPO, 'bin/site.js'), 'contact', 'purge', '--data', dataDir, '--months', '6'],
      { cwd: REPO, env: { ...process.env, SITE_DATA_DIR: '' } },
    );
    assert.match(stdout, /deleted 1 booking whose call ended before/);
    assert.deepEqual(
      bookingsIn(dataDir).map((b) => b.name),
      ['Coming Call'],
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('the privacy policy names every value a booking stores, and the period the purge keeps', async () => {
  // Each column of the bookings table, and the words the policy uses for it.
  const said: Record<string, [RegExp, RegExp]> = {
    id: [/identifier of the calendar entry/, /Kennung des Kalendereintrags/],
    ref: [/a random identifier of the booking/, /eine zufällige Kennung der Buchung/],
    email_key: [
      /your e-mail address \(also in lower case and without a \+suffix/,
      /Ihre E-Mail-Adresse \(zusätzlich in Kleinbuchstaben und ohne \+Zusatz/,
    ],
    uid: [/identifier of the calendar entry/, /Kennung des Kalendereintrags/],
    slot_start: [/the time you chose/, /den gewählten Termin/],
    slot_end: [/the time you chose/, /den gewählten Termin/],
    booked_at: [/when you booked/, /den Zeitpunkt der Buchung/],
    locale: [/the language of the page/, /die Sprache der Seite/],
    name: [/your name/, /Ihren Namen/],
    email: [/your e-mail address/, /Ihre E-Mail-Adresse/],
    topic: [/what you would like to talk about/, /worüber Sie sprechen möchten/],
    idempotency_key: [
      /two technical values that make a form sent twice count once/,
      /zwei technische Werte, durch die ein doppelt abgeschicktes Formular nur einmal zählt/,
    ],
    payload_hash: [
      /two technical values that make a form sent twice count once/,
      /zwei technische Werte, durch die ein doppelt abgeschicktes Formular nur einmal zählt/,
    ],
    cancelled_at: [
      /If the call is cancelled, we also store when/,
      /Wird das Gespräch abgesagt, speichern wir zusätzlich, wann/,
    ],
  };
  const { readFileSync } = await import('node:fs');
  const section = (file: string, heading: string) => {
    const text = readFileSync(path.join(REPO, file), 'utf8');
    return text.slice(text.indexOf(heading), text.indexOf('\n## ', text.indexOf(heading) + 3));
  };
  const en = section('content/en/legal/privacy.md', '## Booking an introductory call');
  const de = section('content/de/legal/privacy.md', '## Buchung eines Erstgesprächs');
  const db = new Database(path.join(server.dataDir, DB_FILE), { readonly: true });
  const columns = (db.prepare('SELECT name FROM pragma_table_info(?)').all('bookings') as { name: string }[]).map(
    (c) => c.name,
  );
  db.close();
  assert.deepEqual(
    columns.filter((c) => !(c in said)),
    [],
    'a column the policy does not name',
  );
  for (const column of columns) {
    assert.match(en, said[column][0], `English policy on ${column}`);
    assert.match(de, said[column][1], `German policy on ${column}`);
  }
  assert.match(en, /twelve months after the date of the call, also for cancelled bookings/);
  assert.match(de, /zwölf Monate nach dem Termin des Gesprächs, auch bei abgesagten Buchungen/);
  const { DEFAULT_SETTINGS } = await import('../../../server/backend-config.ts');
  assert.equal(DEFAULT_SETTINGS.retentionMonths, 12, 'the purge keeps what the policy says');
});
