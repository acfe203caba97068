// Routes: how source paths become routes and files, and which locale a route belongs to.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileOf, joinRoute, keyOf, localeOfRoute, routeOf } from '../../../common/routes.ts';
import { localePrefix } from '../../../generator/config/config.ts';
import { config, makeConfig } from './factories.ts';

test('routeOf: the path inside the locale tree, with a trailing slash; index is its folder', () => {
  assert.equal(routeOf(config, { locale: 'de', path: 'index' }), '/');
  assert.equal(routeOf(config, { locale: 'de', path: 'contact' }), '/contact/');
  assert.equal(routeOf(config, { locale: 'de', path: 'services/index' }), '/services/');
  assert.equal(
    routeOf(config, { locale: 'de', path: 'services/databases/postgresql' }),
    '/services/databases/postgresql/',
  );
});

test('routeOf: other locales get their prefix, the default locale none', () => {
  assert.equal(routeOf(config, { locale: 'en', path: 'index' }), '/en/');
  assert.equal(routeOf(config, { locale: 'en', path: 'services/databases/index' }), '/en/services/databases/');
  assert.equal(localePrefix(config, 'de'), '');
  assert.equal(localePrefix(config, 'en'), '/en');
});

test('routeOf: a slug replaces the last segment, of a page or of a folder index', () => {
  assert.equal(
    routeOf(config, { locale: 'de', path: 'blog/2025-03-post', frontMatter: { slug: 'hello' } }),
    '/blog/hello/',
  );
  assert.equal(
    routeOf(config, { locale: 'en', path: 'services/databases/index', frontMatter: { slug: 'db' } }),
    '/en/services/db/',
  );
  assert.equal(
    routeOf(config, { locale: 'de', path: 'index', frontMatter: { slug: 'home' } }),
    '/',
    'the home page keeps its route',
  );
});

test('joinRoute: leading and trailing slashes of either part do not double up', () => {
  assert.equal(joinRoute('', ''), '/');
  assert.equal(joinRoute('/en', ''), '/en/');
  assert.equal(joinRoute('/en', '/docs/'), '/en/docs/');
  assert.equal(joinRoute('', 'docs//'), '/docs/');
});

test('localeOfRoute: by prefix, whole segments only; everything else is the default locale', () => {
  assert.equal(localeOfRoute(config, '/'), 'de');
  assert.equal(localeOfRoute(config, '/docs/'), 'de');
  assert.equal(localeOfRoute(config, '/en/'), 'en');
  assert.equal(localeOfRoute(config, '/en'), 'en');
  assert.equal(localeOfRoute(config, '/en/docs/x/'), 'en');
  assert.equal(localeOfRoute(config, '/english/'), 'de', 'a route that only starts with the letters of a prefix');
  assert.equal(localeOfRoute(config, '/docs/en/'), 'de');
});

test('localeOfRoute with a third locale', () => {
  const three = makeConfig({
    locales: { ...config.locales, 'de-at': { label: 'Österreich', htmlLang: 'de-AT', path: 'at' } },
  });
  assert.equal(localeOfRoute(three, '/at/x/'), 'de-at');
  assert.equal(localeOfRoute(three, '/en/x/'), 'en');
  assert.equal(routeOf(three, { locale: 'de-at', path: 'x/index' }), '/at/x/');
});

test('keyOf: the route without its locale prefix pairs translations', () => {
  assert.equal(keyOf(config, '/docs/guides/'), '/docs/guides/');
  assert.equal(keyOf(config, '/en/docs/guides/'), '/docs/guides/');
  assert.equal(keyOf(config, '/en/'), '/');
  assert.equal(keyOf(config, '/'), '/');
  assert.equal(keyOf(config, '/english/'), '/english/');
});

test('fileOf: every route is a folder with index.html', () => {
  assert.equal(fileOf('/'), 'index.html');
  assert.equal(fileOf('/en/'), 'en/index.html');
  assert.equal(fileOf('/en/blog/page/2/'), 'en/blog/page/2/index.html');
  for (const path of ['index', 'docs/a/index', 'docs/a/b']) {
    for (const locale of ['de', 'en']) {
      const route = routeOf(config, { locale, path });
      assert.equal(`/${fileOf(route)}`, `${route}index.html`);
      assert.equal(localeOfRoute(config, route), locale, `${route} belongs to ${locale}`);
    }
  }
});
