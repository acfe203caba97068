// The search index the build writes for the fixture site: one Pagefind bundle per language with
// exactly the listed content pages of that language (no draft, no unlisted page, no list page),
// each record holding the page's title, description and body text but not the site's chrome.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { runBuild, type BuildResult } from '../../generator/build.ts';
import { fixtureCopy } from '../helpers.ts';

let root: string;
let dispose: () => Promise<void>;
let result: BuildResult;

before(async () => {
  ({ root, dispose } = await fixtureCopy('basic'));
  result = await runBuild({ root, mode: 'build' });
  assert.equal(result.ok, true);
});
after(() => dispose());

interface Fragment {
  url: string;
  content: string;
  meta: { title: string };
}

/** Pagefind's page records of a language: gzip, a signature, then JSON. */
function fragments(locale: string): Fragment[] {
  const dir = path.join(root, 'build', 'pagefind', locale, 'fragment');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.pf_fragment'))
    .map((f) => JSON.parse(gunzipSync(readFileSync(path.join(dir, f))).toString('utf8').replace(/^pagefind_dcd/, '')) as Fragment);
}

test('each language has its own bundle with exactly its listed content pages', () => {
  for (const locale of ['de', 'en']) {
    const expected = Object.values(result.graph!.pages)
      .filter((p) => p.locale === locale && 'doc' in p && p.doc && !p.draft && !p.unlisted)
      .map((p) => p.route)
      .sort();
    const found = fragments(locale).map((f) => f.url).sort();
    assert.deepEqual(found, expected, locale);
    assert.ok(!found.some((url) => /draft|hidden/.test(url)), 'no draft, no unlisted page');
    const files = readdirSync(path.join(root, 'build', 'pagefind', locale));
    assert.ok(files.includes('pagefind.js') && files.includes(`wasm.${locale}.pagefind`), `${locale}: the engine with its language's stemmer`);
    assert.ok(!files.some((f) => f.startsWith('pagefind-ui') || f.startsWith('pagefind-component-ui')), "Pagefind's own UIs are not shipped");
  }
});

test('a record holds title, description and body, without navbar, footer or heading anchors', () => {
  const install = fragments('en').find((f) => f.url === '/en/docs/guides/install/')!;
  assert.equal(install.meta.title, 'Install en');
  assert.match(install.content, /^Install en\. How to install \(en\)\. Intro\. Requirements\. A machine\./);
  assert.match(install.content, /It is easy\./);
  assert.doesNotMatch(install.content, /Fixture|Profile|#/, 'no site chrome, no "#" of heading anchors');
});
