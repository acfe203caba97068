// Which of Pagefind's results the search dialog shows: only pages where a marked word is a word of
// the query (or another form of it), so a query no page holds shows the empty state.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answers, sameWord, titleRank } from '../../../theme/client/search/results.ts';

test('a word is found in another form, or while it is still being typed', () => {
  assert.ok(sameWord('datenbanken', 'datenbank'));
  assert.ok(sameWord('datenbank', 'datenbankadministratorin'));
  assert.ok(sameWord('backups', 'backup'));
  assert.ok(sameWord('post', 'postgresql'), 'a word being typed');
  assert.ok(sameWord('ci', 'ci'));
  assert.ok(!sameWord('xyzzyqq', 'x'), 'a letter the unknown word begins with is no match');
  assert.ok(!sameWord('bananenbrot', 'b'));
  assert.ok(!sameWord('bananenbrot', 'bans'), 'a shared beginning is not the same word');
  assert.ok(sameWord('überwachung'.normalize('NFD').replace(/\p{M}/gu, ''), 'uberwacht'));
  assert.ok(sameWord('companies', 'company'));
  assert.ok(!sameWord('imprint', 'i'));
});

test("a result counts when a word it marks answers the query; Pagefind's single-letter matches do not", () => {
  // What Pagefind 1.5 returned on the real site for these queries.
  assert.equal(
    answers('xyzzyqq', {
      excerpt: 'open orders.csv | where amount &gt; <mark>x</mark> …',
      sub_results: [{ title: 'Nushell', url: '/blog/nushell/', excerpt: '<mark>x</mark>' }],
    }),
    false,
  );
  assert.equal(answers('Bananenbrot', { excerpt: 'Infrastruktur-Check, z. <mark>B.</mark> für …' }), false);
  assert.equal(answers('Bananenbrot', { excerpt: 'fail2ban <mark>bans</mark> the address' }), false);
  assert.equal(answers('imprint', { excerpt: 'in Austria (<mark>I,</mark> …' }), false);
  assert.equal(
    answers('Impressum', { excerpt: '<mark>Impressum.</mark> <mark>Impressum</mark> der Almwerk GmbH' }),
    true,
  );
  assert.equal(answers('Datenbanken', { excerpt: 'eine <mark>MariaDB/MySQL-Datenbanken</mark> …' }), true);
  assert.equal(answers('uberwachung', { excerpt: '<mark>Überwachung</mark> der Server' }), true, 'accents aside');
  assert.equal(
    answers('xyzzyqq backup', { excerpt: 'a <mark>backup</mark> each night' }),
    true,
    'one word of the query is enough',
  );
});

test('a title that is the query ranks before one that holds it, and a shorter title before a longer one', () => {
  assert.equal(titleRank('Kubernetes', 'Kubernetes'), 0);
  assert.ok(
    titleRank('WireGuard', 'Site-to-Site-VPN mit WireGuard') <
      titleRank('WireGuard', 'Individuelles CRM im eigenen Rechenzentrum, betrieben über WireGuard'),
  );
  assert.ok(titleRank('backup', 'Backups') < 2, 'another form of the word counts');
  assert.equal(titleRank('GDPR', 'Trust and security'), 2);
});
