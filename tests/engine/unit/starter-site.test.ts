// What `site init` writes, without running it: the files of each locale, the engine dependency,
// and the refusals of locales that are none.

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { PACKAGE_ROOT } from '../../../generator/bundle/package-root.ts';
import { engineDependency, localesProblem, starterSite } from '../../../generator/scaffold/starter-site.ts';

const files = (locales: string[]) =>
  new Map(
    starterSite({ name: 'Acme Docs', locales, engine: 'file:../engine', today: '2026-11-26' }).map((f) => [
      f.path,
      f.contents,
    ]),
  );

test('every locale gets a home page, the docs, the blog post and UI strings in its language or in English', () => {
  const site = files(['fr', 'de']);
  for (const locale of ['fr', 'de']) {
    for (const page of [
      'index.md',
      'docs/index.md',
      'docs/getting-started.md',
      'blog/_category.yml',
      'blog/welcome.md',
    ])
      assert.ok(site.has(`content/${locale}/${page}`), `${locale}/${page}`);
    assert.ok(site.has(`i18n/${locale}.ts`));
  }
  assert.match(site.get('content/de/docs/getting-started.md')!, /^title: Erste Schritte$/m);
  assert.match(
    site.get('content/fr/docs/getting-started.md')!,
    /^title: Getting started$/m,
    'a locale without starter text of its own starts from English',
  );
  assert.match(site.get('content/fr/blog/welcome.md')!, /^date: 2026-11-26$/m);
  assert.match(site.get('content/de/index.md')!, /`content\/de\/index\.md`/, 'the page names its own file');
  const config = site.get('config/site.config.ts')!;
  assert.match(config, /defaultLocale: 'fr'/);
  assert.match(config, /fr: \{ label: 'Français', htmlLang: 'fr', path: '' \}/);
  assert.match(config, /de: \{ label: 'Deutsch', htmlLang: 'de', path: 'de' \}/);
  assert.match(config, /title: 'Acme Docs'/);
  const manifest = JSON.parse(site.get('package.json')!) as { name: string; dependencies: Record<string, string> };
  assert.equal(manifest.name, 'acme-docs');
  assert.deepEqual(manifest.dependencies, { sitesmith: 'file:../engine' });
  assert.match(site.get('content/tags.yml')!, /^ {4}de: "Neuigkeiten"$/m);
});

test('the engine is named by a relative file: path beside it, by an absolute one elsewhere', () => {
  const beside = path.join(path.dirname(path.resolve(PACKAGE_ROOT)), 'new-site');
  assert.equal(engineDependency(beside), `file:../${path.basename(path.resolve(PACKAGE_ROOT))}`);
  assert.equal(engineDependency('/elsewhere/site'), `file:${path.resolve(PACKAGE_ROOT)}`);
});

test('locales that are none are refused with what to write instead', () => {
  assert.equal(localesProblem(['en']), undefined);
  assert.equal(localesProblem(['de', 'pt-BR']), undefined);
  assert.match(localesProblem([])!, /names no locale/);
  assert.match(localesProblem(['de', 'Deutsch'])!, /Deutsch is no locale/);
  assert.match(localesProblem(['de', 'de'])!, /twice/);
});
