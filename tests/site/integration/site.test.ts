// The Almwerk site itself: it builds without a problem and serves every route and redirect of
// its route list (tests/site/route-list/routes.txt and redirects.txt) in both locales. The lists
// are the site's own data, so a clone of the repository alone runs these tests.

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { exists, REPO, read } from '../../helpers.ts';
import { realSiteBuild, type SiteBuild } from '../../real-site.ts';

const ROUTE_LIST = path.join(REPO, 'tests', 'site', 'route-list');
// The product spec beside a checkout holds the lists the site was ordered with; where it is there,
// the repository's copy must not have drifted from it.
const SPEC = path.join(REPO, '..', 'shared');
const lines = (file: string, dir = ROUTE_LIST) =>
  readFileSync(path.join(dir, file), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

let site: SiteBuild;
let out: string;

before(async () => {
  site = await realSiteBuild();
  out = site.dir;
});

test('the site builds with no errors and no warnings', () => {
  assert.deepEqual(site.diagnostics, []);
});

test('every route of the route list exists in German and English', () => {
  const missing: string[] = [];
  for (const route of lines('routes.txt')) {
    for (const prefix of ['', '/en']) {
      if (!exists(out, `${`${prefix}${route}`.slice(1)}index.html`)) missing.push(`${prefix}${route}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('every redirect of the list is served in both locales', async () => {
  const netlify = await read(out, '_redirects');
  for (const line of lines('redirects.txt')) {
    const [from, to] = line.split(/\s+/);
    for (const prefix of ['', '/en'])
      assert.ok(netlify.includes(`${prefix}${from} ${prefix}${to} 301\n`), `${prefix}${from}`);
  }
});

test('the route list in the repository is the one of the product spec, where the spec is beside it', {
  skip: !existsSync(SPEC) && 'the product spec is not beside the repository',
}, () => {
  for (const file of ['routes.txt', 'redirects.txt']) assert.deepEqual(lines(file), lines(file, SPEC), file);
});

test('German pages say lang="de" and English pages lang="en", each with a distinct title', async () => {
  const de = await read(out, 'services/index.html');
  const en = await read(out, 'en/services/index.html');
  assert.match(de, /<html lang="de"/);
  assert.match(en, /<html lang="en"/);
  const title = (html: string) => /<title>(.*?)<\/title>/.exec(html)![1];
  assert.notEqual(title(de), title(en));
  assert.match(title(en), / \| Almwerk$/);
});
