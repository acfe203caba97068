// A theme written from scratch against the contract (tests/fixtures/plain-theme: a few React
// components, no file of the built-in theme) builds a site with docs, a journal and the contact
// form, and the production server answers a form posted without JavaScript with that theme's form.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { builtFixtureCopy } from '../../fixture-site.ts';
import { FIXTURES } from '../../helpers.ts';
import { type BuiltFixture, followResult, postForm, type RunningServer, startServer } from './contact-helpers.ts';

const THEME = path.join(FIXTURES, 'plain-theme', 'theme');
let site: BuiltFixture;
let server: RunningServer;

before(async () => {
  site = await builtFixtureCopy('plain-theme');
  server = await startServer(site);
});
after(async () => {
  await server?.stop();
  await site?.dispose();
});

const page = (route: string) => readFileSync(path.join(site.dir, route, 'index.html'), 'utf8');

test("the theme's files import the engine by its package name and nothing of the built-in theme", () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? sources(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
  const specs = sources(THEME).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => ({ file, spec: m[1] })),
  );
  assert.ok(specs.some((i) => i.spec === 'sitesmith'));
  const outside = specs.filter(({ file, spec }) =>
    spec.startsWith('.')
      ? path.relative(THEME, path.resolve(path.dirname(file), spec)).startsWith('..')
      : !['sitesmith', 'react', 'react-dom/server'].includes(spec),
  );
  assert.deepEqual(outside, [], 'the theme reaches only its own files, the engine by its name, and React');
});

test('every page of the site is the theme’s: docs with their Markdown, the journal, its post and lists', () => {
  const docs = page('docs');
  assert.match(docs, /<body class="plain">/);
  assert.match(docs, /<title>Handbook \| Kettle Lane Press<\/title>/);
  assert.match(docs, /<h2 id="proposals">Proposals<a class="hash-link"[^>]*href="#proposals">#<\/a><\/h2>/);
  assert.match(
    docs,
    /<aside class="admonition admonition-tip" role="note"><p class="admonition-title">Before you write/,
  );
  assert.match(page('docs/house-rules'), /<table>[\s\S]*<td>Draft<\/td>/);
  const post = page('journal/spring-walks');
  assert.match(post, /Written by Ines Carver/);
  assert.match(post, /<time dateTime="2026-04-12">/);
  assert.match(page('journal'), /<a href="\/journal\/spring-walks\/">Spring walks along the river<\/a>/);
  assert.match(page('journal/tags'), /<a href="\/journal\/tags\/routes\/">/);
  // Nothing of the built-in theme: its navbar, sidebar and footer are not on any page.
  for (const route of ['', 'docs', 'journal', 'journal/spring-walks', 'contact']) {
    const html = page(route);
    assert.match(html, /<nav aria-label="Main menu" class="plain-menu">/, route);
    assert.doesNotMatch(html, /class="navbar|class="sidebar|class="footer"/, route);
  }
  // The theme's stylesheet and runtime, bundled under hashed names.
  assert.match(docs, /<link rel="stylesheet" href="\/assets\/site\.[A-Z0-9]{8}\.css"\/>/);
  const css = readdirSync(path.join(site.dir, 'assets')).find((f) => f.endsWith('.css'))!;
  assert.match(readFileSync(path.join(site.dir, 'assets', css), 'utf8'), /\.plain-menu/);
});

test("a form posted without JavaScript comes back in the theme's form: errors beside their fields, then the thanks", async () => {
  assert.match(page('contact'), /data-island-root="contact-form"[^>]*><form action="\/api\/contact" method="post">/);
  const refused = await followResult(
    server.url,
    await postForm(server.url, { name: 'Mara Quill', email: 'not-an-address', message: 'A correction.', locale: 'en' }),
  );
  const html = await refused.text();
  assert.match(html, /<body class="plain">/, 'the built contact page around the form');
  assert.match(html, /<input name="name" value="Mara Quill"\/>/, 'the value kept');
  assert.match(html, /<p class="plain-error" id="email-error">Please enter a valid email address\.<\/p>/);
  assert.match(html, /<p class="plain-error" id="terms-error">/);

  const sent = await followResult(
    server.url,
    await postForm(server.url, {
      name: 'Mara Quill',
      email: 'mara@example.org',
      message: 'A correction to the mill loop.',
      terms: 'on',
      locale: 'en',
    }),
  );
  assert.match(await sent.text(), /<p class="plain-thanks" role="status">Thank you for your inquiry!/);
});
