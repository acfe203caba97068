// Bookings as they are run: a site without a mail server queues every invitation and says so, and
// sends it once a server with SMTP_URL starts on the same data; `site contact list` shows each
// booking's mails; a booking cancelled before its invitation went out gets no CANCEL; two
// instances on one store show the same result page of a form posted without JavaScript; and while
// the database does not answer, the free times and the results are a 503 page in the visitor's
// language (JSON for the API), not a crash or raw JSON; and behind nginx set up as docs/deployment.md's
// example has it, the contact pages' answers without JavaScript are the server's.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { formatDiagnostic, runBuild } from '../../../generator/build/build.ts';
import { fixtureCopy, REPO } from '../../helpers.ts';
import { startNginx } from '../../nginx.ts';
import { startPostgres, type TestPostgres } from '../../postgres.ts';
import { until } from '../../waiting.ts';
import {
  type BuiltFixture,
  followResult,
  postForm,
  type RunningServer,
  type SmtpSink,
  smtpSink,
  startServer,
} from './contact-helpers.ts';

const run = promisify(execFile);

const BOOKING = {
  endpoint: '/api/booking',
  timeZone: 'Europe/Vienna',
  slotMinutes: 30,
  officeHours: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, ['08:00-20:00']])),
  daysAhead: 7,
  leadTimeHours: 2,
};

let site: BuiltFixture;
let sink: SmtpSink;
let dataDir: string;
const servers: RunningServer[] = [];

before(async () => {
  const { root, dispose } = await fixtureCopy('basic');
  await writeFile(
    path.join(root, 'config/site.config.ts'),
    `import { base } from './base.ts';\nexport default { ...base, contact: { ...base.contact!, booking: ${JSON.stringify(BOOKING)} } };\n`,
  );
  const dir = path.join(root, 'build');
  const result = await runBuild({ root, mode: 'build', outDir: dir });
  if (!result.ok) throw new Error(`the fixture did not build:\n${result.diagnostics.map(formatDiagnostic).join('\n')}`);
  site = { root, dir, dispose };
  sink = await smtpSink();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-booking-operations-'));
});
after(async () => {
  for (const server of servers) await server.stop();
  await sink?.stop();
  await site?.dispose();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A `site start` on the shared data directory, with a mail server or without. */
async function instance(smtp: boolean): Promise<RunningServer> {
  const server = await startServer(site, {
    dataDir,
    smtp: smtp ? { url: sink.url, to: 'owners@fixture.example', from: 'Fixture <site@fixture.example>' } : undefined,
  });
  servers.push(server);
  return server;
}

async function stop(server: RunningServer): Promise<void> {
  await server.stop();
  servers.splice(servers.indexOf(server), 1);
}

const cli = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, [path.join(REPO, 'bin/site.js'), 'contact', ...args, '--data', dataDir], {
    cwd: site.root,
    env: { ...process.env, SITE_DATA_DIR: '', SMTP_URL: '', DATABASE_URL: '', ...env },
  });

/** `site contact list`'s line of one booking. */
async function listed(id: string): Promise<string> {
  const { stdout } = await cli(['list']);
  return stdout.split('\n').find((line) => line.startsWith(`booking #${id} `)) ?? `(booking #${id} is not listed)`;
}

async function freeSlots(url: string): Promise<{ start: string }[]> {
  return ((await (await fetch(`${url}/api/booking/slots`)).json()) as { slots: { start: string }[] }).slots;
}

function book(url: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${url}/api/booking`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ terms: true, locale: 'de', topic: '', ...body }),
  });
}

describe('without a mail server', () => {
  let first: RunningServer;
  let queuedId: string;
  let withdrawnId: string;

  test('the invitation is queued, and the visitor is told it will come by e-mail, not that it is on its way', async () => {
    first = await instance(false);
    const slots = await freeSlots(first.url);
    const response = await book(first.url, { slot: slots[1].start, name: 'Queued Quinn', email: 'quinn@example.org' });
    assert.equal(response.status, 201);
    const { booking } = (await response.json()) as { booking: { id: string; invitation: string } };
    assert.equal(booking.invitation, 'queued');
    queuedId = booking.id;
    assert.match(await listed(queuedId), /\[booked; invitation queued\]$/);

    const page = await (
      await followResult(
        first.url,
        await postForm(
          first.url,
          { slot: slots[3].start, name: 'Plain Paula', email: 'paula@example.org', terms: 'on', locale: 'de' },
          {},
          '/api/booking',
        ),
      )
    ).text();
    assert.match(
      page,
      /data-status="success"[^>]*>Ihr Erstgespräch ist gebucht: [^<]+\. Wir bestätigen Ihnen den Termin per E-Mail an paula@example\.org, mit einer Einladung für Ihren Kalender\.</,
    );
    const said = /data-status="success"[^>]*>([^<]*)</.exec(page)![1];
    assert.doesNotMatch(said, /unterwegs/);
    const english = await (
      await followResult(
        first.url,
        await postForm(
          first.url,
          { slot: slots[5].start, name: 'Plain Pat', email: 'pat@example.org', terms: 'on', locale: 'en' },
          {},
          '/api/booking',
        ),
      )
    ).text();
    assert.match(
      english,
      /Your introductory call is booked: [^<]+\. We will confirm it by email to pat@example\.org, with an invitation for your calendar\.</,
    );
  });

  test('a booking cancelled before its invitation went out gets no CANCEL: the invitation is withdrawn', async () => {
    const slots = await freeSlots(first.url);
    const response = await book(first.url, { slot: slots[8].start, name: 'Never Told', email: 'never@example.org' });
    withdrawnId = ((await response.json()) as { booking: { id: string } }).booking.id;
    const before = sink.mails.length;
    // The owner cancels with the mail server configured for the command: still nothing to send.
    const { stdout } = await cli(['cancel', withdrawnId], { SMTP_URL: sink.url, CONTACT_TO: 'owners@fixture.example' });
    assert.match(stdout, new RegExp(`Cancelled booking #${withdrawnId}: `));
    assert.match(
      stdout,
      /The invitation had not been sent to never@example\.org, so it is withdrawn and no cancellation is sent\./,
    );
    assert.match(await listed(withdrawnId), /\[cancelled [^;]+; invitation dead: cancelled before it was sent\]$/);
    // The command has exited: whatever it would have mailed, the sink has received.
    assert.equal(sink.mails.length, before, 'nothing was mailed');
  });

  test('a second instance on the same store shows the result page of a form posted to the first', async () => {
    const second = await instance(false);
    const slots = await freeSlots(first.url);
    const posted = await postForm(
      first.url,
      { slot: slots[10].start, name: 'Balanced Bea', email: 'bea@example.org', terms: 'on', locale: 'en' },
      {},
      '/api/booking',
    );
    // The load balancer sends the redirect to the other instance.
    const page = await (await followResult(second.url, posted)).text();
    assert.match(page, /data-status="success"[^>]*>Your introductory call is booked: /);
    // And a mistake comes back with what was typed, on the other instance too.
    const invalid = await postForm(
      second.url,
      { name: 'Half Done', email: 'half.done@', locale: 'en' },
      {},
      '/api/booking',
    );
    const again = await (await followResult(first.url, invalid)).text();
    assert.match(again, /id="booking-name"[^>]*value="Half Done"/);
    assert.match(again, /id="booking-email-error"[^>]*>Please enter a valid email address\.</);
    // A token nobody made, or one that expired: the contact page as built.
    const unknown = await fetch(`${second.url}/en/contact/?result=${'0'.repeat(32)}`);
    assert.equal(unknown.status, 200);
    assert.doesNotMatch(await unknown.text(), /data-status="(success|invalid)"/);
    await stop(second);
  });

  test('started again with SMTP_URL, the server sends the invitations that waited, and none that was withdrawn', async () => {
    await stop(first);
    const before = sink.mails.length;
    await instance(true);
    // Three waited (Quinn, Paula, Pat) and Bea's; Never Told's was withdrawn.
    await sink.waitFor(before + 4).catch((error: Error) => {
      throw new Error(
        `${error.message}: ${sink.mails
          .slice(before)
          .map((m) => m.to.join(' '))
          .join(', ')}`,
      );
    });
    // Once no booking's mail waits any more, the relay has nothing left to send: a mail of the
    // withdrawn one would have arrived by then.
    await until(async () => !/invitation queued/.test((await cli(['list'])).stdout), 'every invitation to be handled', {
      everyMs: 100,
    });
    const ids = sink.mails.slice(before).map((m) => m.headers.get('x-booking-id'));
    assert.equal(ids.length, 4);
    assert.ok(ids.includes(queuedId), 'the invitation queued without a mail server');
    assert.ok(!ids.includes(withdrawnId), 'no mail of the withdrawn one');
    const quinn = sink.mails.find((m) => m.headers.get('x-booking-id') === queuedId)!;
    assert.deepEqual(quinn.to.sort(), ['owners@fixture.example', 'quinn@example.org']);
    await until(async () => (await listed(queuedId)).includes('invitation sent'), 'the invitation to be marked sent', {
      everyMs: 100,
    });
    assert.match(await listed(queuedId), /\[booked; invitation sent\]$/);
  });
});

describe('while the database does not answer', () => {
  let postgres: TestPostgres;
  let server: RunningServer;

  before(async () => {
    postgres = await startPostgres();
    server = await startServer(site, { databaseUrl: await postgres.createDatabase() });
    servers.push(server);
  });
  after(async () => {
    await postgres?.stop().catch(() => undefined);
  });

  test("the free times and the results are a 503 page in the visitor's language with Retry-After; JSON for the API", async () => {
    assert.equal((await fetch(`${server.url}/en/contact/?slots=1`, { headers: { accept: 'text/html' } })).status, 200);
    const posted = await postForm(server.url, { name: 'Before Outage', email: 'x', locale: 'de' }, {}, '/api/booking');
    const result = posted.headers.get('location')!;
    const slot = (await freeSlots(server.url))[4].start;
    await postgres.stop();

    for (const [url, language] of [
      [
        `${server.url}/contact/?slots=1`,
        /Unser Buchungssystem antwortet gerade nicht\. Bitte versuchen Sie es in ein paar Minuten noch einmal\./,
      ],
      [
        `${server.url}/en/contact/?slots=1`,
        /Our booking system is not answering right now\. Please try again in a few minutes\./,
      ],
      [`${server.url}${result}`, /Unser Buchungssystem antwortet gerade nicht/],
    ] as const) {
      const page = await fetch(url, { headers: { accept: 'text/html,application/xhtml+xml' } });
      assert.equal(page.status, 503, url);
      assert.equal(page.headers.get('retry-after'), '30');
      assert.match(page.headers.get('content-type')!, /^text\/html/);
      const html = await page.text();
      assert.match(html, /^<!DOCTYPE html>/);
      assert.match(html, new RegExp(`data-status="unavailable"[^>]*>${language.source}`));
      assert.match(html, /<footer/, 'a page of the site, with its navigation and footer');
    }

    const api = await fetch(`${server.url}/api/booking/slots?locale=en`, { headers: { accept: 'application/json' } });
    assert.equal(api.status, 503);
    assert.equal(api.headers.get('retry-after'), '30');
    const body = (await api.json()) as { error: string; message: string };
    assert.equal(body.error, 'unavailable');
    assert.match(body.message, /not answering/);
    // A browser that opened the endpoint itself gets the page, in the language of where it came from.
    const opened = await fetch(`${server.url}/api/booking/slots`, {
      headers: { accept: 'text/html', referer: `${server.url}/en/docs/` },
    });
    assert.equal(opened.status, 503);
    assert.match(await opened.text(), /Our booking system is not answering right now/);

    // A booking sent meanwhile: 503 as JSON for the island, and for a plain form the page with
    // what the visitor typed, to send again in a few minutes.
    const sent = await book(server.url, { slot, name: 'Patient Pia', email: 'pia@example.org', locale: 'en' });
    assert.equal(sent.status, 503);
    assert.equal(sent.headers.get('retry-after'), '30');
    assert.deepEqual(await sent.json(), {
      error: 'unavailable',
      message: 'Our booking system is not answering right now. Please try again in a few minutes.',
    });
    const plain = await postForm(
      server.url,
      { slot, name: 'Patient Pia', email: 'pia@example.org', terms: 'on', locale: 'de' },
      {},
      '/api/booking',
    );
    assert.equal(plain.status, 503);
    const kept = await plain.text();
    assert.match(kept, /data-status="unavailable"[^>]*>Unser Buchungssystem antwortet gerade nicht/);
    assert.match(kept, /id="booking-name"[^>]*value="Patient Pia"/);
  });
});

describe("behind nginx as the deployment guide's example sets it up", () => {
  test('the free times and the answer to a form posted without JavaScript come from the server', async () => {
    const server = await instance(false);
    // The example's locations, as written in docs/deployment.md, for this build and this server.
    const guide = readFileSync(path.join(REPO, 'docs/deployment.md'), 'utf8');
    const example = /```nginx\n(server \{[^`]*\})\n\s*```/.exec(guide.replace(/^ {2}/gm, ''))?.[1];
    assert.ok(example, 'docs/deployment.md has the nginx example');
    const locations = example
      .split('\n')
      .filter((line) => /^\s*location /.test(line))
      .map((line) => line.replace('http://127.0.0.1:8080', server.url));
    assert.ok(
      locations.some((l) => l.includes('/contact/')),
      'it passes the contact pages on',
    );
    const include = path.join(dataDir, 'nginx-site.conf');
    await writeFile(include, [`include ${path.join(site.dir, 'nginx.conf')};`, ...locations].join('\n'));
    const nginx = await startNginx({ root: site.dir, include, probe: '/' });
    try {
      const slots = await (await fetch(`${nginx.url}/en/contact/?slots=1`)).text();
      assert.match(slots, /class="booking-day-input"/, 'the free times, filled in by the server');
      const chosen = /name="slot" value="([^"]+)"/.exec(slots)![1];
      const posted = await postForm(
        nginx.url,
        { slot: chosen, name: 'Proxied Petra', email: 'petra@example.org', terms: 'on', locale: 'en' },
        {},
        '/api/booking',
      );
      const result = await (await followResult(nginx.url, posted)).text();
      assert.match(result, /data-status="success"[^>]*>Your introductory call is booked: /);
      const plain = await fetch(`${nginx.url}/contact/`);
      assert.equal(plain.status, 200);
      assert.match(await plain.text(), /class="booking-show"/, 'without a query, the contact page as built');
    } finally {
      await nginx.stop();
      await stop(server);
    }
  });
});

describe('the contact page says what the server does with a booking and a message, mail or not', () => {
  const SAID = {
    de: {
      intro: 'Wählen Sie einen Termin für ein kostenloses Erstgespräch von 30 Minuten.',
      byMail: 'Die Einladung kommt per E-Mail, mit Kalendereintrag.',
      inPerson: 'Wir speichern Ihre Buchung und bestätigen Ihnen den Termin persönlich.',
      sent: 'Vielen Dank für Ihre Anfrage! Wir melden uns in Kürze bei Ihnen.',
      stored:
        'Vielen Dank für Ihre Anfrage! Ihre Nachricht ist bei uns gespeichert. Wir lesen sie während unserer Bürozeiten und antworten Ihnen persönlich.',
    },
    en: {
      intro: 'Pick a time for a free 30-minute introductory call.',
      byMail: 'The invitation comes by email, with a calendar entry.',
      inPerson: 'We store your booking and confirm the appointment with you personally.',
      sent: 'Thank you for your inquiry! We will get back to you shortly.',
      stored:
        'Thank you for your inquiry! Your message is stored with us. We read it during our office hours and reply to you personally.',
    },
  } as const;
  const escaped = (text: string) => text.replace(/[.?!()]/g, '\\$&');
  /** What a visitor sees: the island's props carry every text of the form, shown or not. */
  const shown = (html: string) => html.replace(/ data-props="[^"]*"/g, '');

  for (const mail of [false, true]) {
    test(
      mail
        ? 'with a mail server: the invitation comes by e-mail'
        : 'without a mail server: stored, confirmed in person',
      async () => {
        const server = await startServer(site, {
          smtp: mail
            ? { url: sink.url, to: 'owners@fixture.example', from: 'Fixture <site@fixture.example>' }
            : undefined,
        });
        servers.push(server);
        try {
          const slotsAnswer = (await (await fetch(`${server.url}/api/booking/slots`)).json()) as { mails: unknown };
          assert.equal(slotsAnswer.mails, mail, 'the free times say whether the invitation is mailed');
          for (const locale of ['de', 'en'] as const) {
            const said = SAID[locale];
            const prefix = locale === 'de' ? '' : '/en';
            // The page as built knows no server: the intro says nothing about how the call is confirmed.
            const built = shown(await (await fetch(`${server.url}${prefix}/contact/`)).text());
            assert.match(built, new RegExp(`<p>${escaped(said.intro)}</p>`));
            assert.doesNotMatch(built, new RegExp(`${escaped(said.byMail)}|${escaped(said.inPerson)}`));
            // The free times come from the server, with its sentence.
            const times = shown(await (await fetch(`${server.url}${prefix}/contact/?slots=1`)).text());
            const [right, wrong] = mail ? [said.byMail, said.inPerson] : [said.inPerson, said.byMail];
            assert.match(times, new RegExp(`<p class="booking-delivery" id="booking-delivery">${escaped(right)}</p>`));
            assert.doesNotMatch(times, new RegExp(escaped(wrong)));
            // A message sent without JavaScript: its thanks say what became of it.
            const thanks = shown(
              await (
                await followResult(
                  server.url,
                  await postForm(server.url, {
                    name: `Plain ${locale} ${mail}`,
                    email: 'plain.sender@example.org',
                    message: 'Where does this message go on a server like this one?',
                    terms: 'on',
                    locale,
                  }),
                )
              ).text(),
            );
            assert.match(thanks, new RegExp(`data-status="success"[^>]*>${escaped(mail ? said.sent : said.stored)}<`));
          }
          const sent = await fetch(`${server.url}/api/contact`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json',
              'sec-fetch-site': 'same-origin',
            },
            body: JSON.stringify({
              name: 'Scripted Sender',
              email: 'scripted@example.org',
              message: 'Is this message mailed to the team, or only stored?',
              terms: true,
              locale: 'en',
            }),
          });
          assert.equal(sent.status, 201);
          assert.equal(
            ((await sent.json()) as { mailed: unknown }).mailed,
            mail,
            'the island hears whether it is mailed',
          );
        } finally {
          await stop(server);
        }
      },
    );
  }
});
