// The shared validation rules: what the island checks while typing is what the server checks.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CONTACT_LIMITS,
  honeypotFilled,
  IDEMPOTENCY_KEY,
  normalizeContact,
  validateContact,
  validateField,
} from '../../../common/contact-rules.ts';

const valid = {
  name: 'Anna Berger',
  email: 'anna@example.org',
  message: 'We would like to talk about hosting.',
  terms: true,
};

test('a complete message passes', () => {
  assert.deepEqual(validateContact(valid), {});
});

test('every missing field is required, and the terms must be accepted', () => {
  assert.deepEqual(validateContact({}), {
    name: 'required',
    email: 'required',
    message: 'required',
    terms: 'termsRequired',
  });
  assert.deepEqual(validateContact({ name: '   ', email: '\n', message: '\t', terms: false }), {
    name: 'required',
    email: 'required',
    message: 'required',
    terms: 'termsRequired',
  });
});

test('values that are not strings count as missing', () => {
  assert.deepEqual(validateContact({ ...valid, name: 42, email: ['a@b.cd'], message: { text: 'x' } }), {
    name: 'required',
    email: 'required',
    message: 'required',
  });
});

test('length bounds are inclusive, counted in characters (code points), after trimming', () => {
  for (const field of ['name', 'message'] as const) {
    const { min, max } = CONTACT_LIMITS[field];
    assert.equal(validateContact({ ...valid, [field]: 'x'.repeat(min - 1) })[field], 'length', `${field} below min`);
    assert.equal(validateContact({ ...valid, [field]: 'x'.repeat(min) })[field], undefined, `${field} at min`);
    assert.equal(validateContact({ ...valid, [field]: 'x'.repeat(max) })[field], undefined, `${field} at max`);
    assert.equal(validateContact({ ...valid, [field]: 'x'.repeat(max + 1) })[field], 'length', `${field} above max`);
    assert.equal(
      validateContact({ ...valid, [field]: `  ${'x'.repeat(max)}  ` })[field],
      undefined,
      `${field} trimmed`,
    );
  }
  // 5,000 emoji are 10,000 UTF-16 units but 5,000 characters.
  assert.equal(validateContact({ ...valid, message: '😀'.repeat(CONTACT_LIMITS.message.max) }).message, undefined);
  assert.equal(validateContact({ ...valid, email: `${'a'.repeat(250)}@b.cd` }).email, 'length');
  assert.equal(validateContact({ ...valid, email: 'a@b.c' }).email, 'length');
});

test('an e-mail address needs a local part, a domain with a dot and no spaces or brackets', () => {
  for (const bad of [
    'anna.example.org',
    'anna@example',
    'anna@@example.org',
    'an na@example.org',
    '<anna@example.org>',
    'anna@example.org,bob@example.org',
  ]) {
    assert.equal(validateField('email', normalizeContact({ ...valid, email: bad })), 'invalidEmail', bad);
  }
  for (const good of ['anna@example.org', 'anna.berger+hosting@mail.example.co.at', 'ä@müller.example']) {
    assert.equal(validateField('email', normalizeContact({ ...valid, email: good })), undefined, good);
  }
});

test('the terms box: a checkbox value, a boolean or "true"; nothing else', () => {
  for (const yes of [true, 'on', 'accepted', 'true'])
    assert.equal(validateContact({ ...valid, terms: yes }).terms, undefined, String(yes));
  for (const no of [false, 'false', 'off', '', 1, undefined, null, 'yes'])
    assert.equal(validateContact({ ...valid, terms: no }).terms, 'termsRequired', String(no));
});

test('CRLF from a plain form counts like the LF the textarea showed', () => {
  const lines = 'x'.repeat(CONTACT_LIMITS.message.max - 3);
  const browser = `${lines.slice(0, 10)}\n${lines.slice(10)}\n!`;
  assert.equal([...browser].length, CONTACT_LIMITS.message.max);
  const submitted = browser.replace(/\n/g, '\r\n');
  assert.equal(validateContact({ ...valid, message: submitted }).message, undefined);
  assert.equal(normalizeContact({ message: submitted }).message, browser);
});

test('idempotency keys: 8 to 128 safe characters', () => {
  assert.ok(IDEMPOTENCY_KEY.test('0123456789abcdef0123456789abcdef'));
  assert.ok(IDEMPOTENCY_KEY.test('4f2c1a9e-1b2c-4d3e-8f90-123456789abc'));
  assert.ok(!IDEMPOTENCY_KEY.test('short'));
  assert.ok(!IDEMPOTENCY_KEY.test('x'.repeat(129)));
  assert.ok(!IDEMPOTENCY_KEY.test('key with spaces'));
  assert.ok(!IDEMPOTENCY_KEY.test('key\r\nInjected: 1'));
});

test('text is stored in Unicode NFC: a name typed with a combining accent is the same name', () => {
  const decomposed = 'Rene\u0301 Mu\u0308ller';
  assert.equal(normalizeContact({ ...valid, name: decomposed }).name, 'René Müller');
  assert.equal(
    normalizeContact({ ...valid, message: `Gru\u0308ße aus Graz, ${'x'.repeat(20)}` }).message.startsWith('Grüße'),
    true,
  );
});

test('name and e-mail refuse line breaks, control characters, bidi overrides and zero-width characters', () => {
  const bad = {
    'line break': 'Eve\nBcc: victim@example.org',
    'carriage return': 'Eve\rX',
    escape: 'Eve\u001b[31m',
    'C1 control': 'Eve\u009b31m',
    'right-to-left override': 'Eve \u202egpj.exe',
    'left-to-right embedding': '\u202aEve Berger',
    'first strong isolate': 'Eve \u2068Berger\u2069',
    'zero-width space': 'Ev\u200be',
    'zero-width joiner': 'Ev\u200de',
    'word joiner': 'Ev\u2060e',
    'byte order mark': 'Ev\ufeffe',
  };
  for (const [what, value] of Object.entries(bad)) {
    assert.equal(validateContact({ ...valid, name: value }).name, 'invalidCharacters', `name with ${what}`);
  }
  assert.equal(validateContact({ ...valid, email: 'anna@exa\nmple.org' }).email, 'invalidCharacters');
  assert.equal(validateContact({ ...valid, email: 'anna\u200b@example.org' }).email, 'invalidCharacters');
  // Scripts written right to left need no override characters and pass.
  assert.equal(validateContact({ ...valid, name: 'ليلى حداد' }).name, undefined);
  assert.equal(validateContact({ ...valid, name: 'Zoë O’Brien-Łukasiewicz' }).name, undefined);
});

test('a message keeps its line breaks and tabs but refuses other control characters', () => {
  assert.equal(
    validateContact({ ...valid, message: 'Line one\n\tindented line two, about hosting.' }).message,
    undefined,
  );
  assert.equal(
    validateContact({ ...valid, message: 'Terminal \u001b]0;pwned\u0007 escape in a message' }).message,
    'invalidCharacters',
  );
  assert.equal(
    validateContact({ ...valid, message: 'A NUL \u0000 in the middle of a message' }).message,
    'invalidCharacters',
  );
});

test('name and message need visible characters: zero-width or blank-looking text counts as empty', () => {
  assert.equal(validateContact({ ...valid, name: '\u200b\u200b\u200b' }).name, 'required');
  assert.equal(validateContact({ ...valid, message: '\u200b'.repeat(40) }).message, 'required');
  assert.equal(validateContact({ ...valid, message: '\u00a0\u2003\u3000'.repeat(10) }).message, 'required');
  assert.equal(validateContact({ ...valid, name: 'Li' }).name, undefined);
});

test('the bot trap counts any text and any value that is not text as filled', () => {
  assert.equal(honeypotFilled(undefined), false);
  assert.equal(honeypotFilled(''), false);
  assert.equal(honeypotFilled('  '), false);
  for (const value of ['https://spam.example', 1, true, false, null, {}, [], ['x']])
    assert.equal(honeypotFilled(value), true, JSON.stringify(value));
});
