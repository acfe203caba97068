// Redirects, three ways: a static page for any host, `_redirects` and an nginx include.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { netlifyRedirects, nginxRedirects, redirectPage } from '../../../generator/extras/redirects.ts';
import { buildGraph } from '../../../generator/graph/graph.ts';
import type { Redirect } from '../../../generator/types.ts';
import { config, doc, makeConfig, messages } from './factories.ts';

const redirects: Redirect[] = [
  { from: '/old/', to: '/docs/', origin: 'config/site.config.ts' },
  { from: '/en/old/', to: '/en/docs/', origin: 'config/site.config.ts' },
];

/** The attributes of the first tag matching `pattern`, as a map. */
function attributes(html: string, pattern: RegExp): Record<string, string> {
  const tag = pattern.exec(html)?.[0];
  assert.ok(tag, `no tag matching ${pattern}`);
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

test('the redirect page refreshes at once to the target, is canonical there and not indexed', () => {
  const html = redirectPage(config, redirects[1], 'en', 'This page has moved to');
  assert.match(html, /^<!DOCTYPE html><html lang="en">/);
  assert.deepEqual(attributes(html, /<meta http-equiv[^>]*>/), {
    'http-equiv': 'refresh',
    content: '0; url=/en/docs/',
  });
  assert.deepEqual(attributes(html, /<link rel="canonical"[^>]*>/), {
    rel: 'canonical',
    href: 'https://unit.example/en/docs/',
  });
  assert.deepEqual(attributes(html, /<meta name="robots"[^>]*>/), { name: 'robots', content: 'noindex' });
  assert.match(
    html,
    /<body><p>This page has moved to <a href="\/en\/docs\/">https:\/\/unit.example\/en\/docs\/<\/a><\/p><\/body>/,
    'a link for browsers without refresh',
  );
  assert.match(html, /<meta charset="utf-8">/);
  assert.match(html, /<title>This page has moved to \| Unit<\/title>/, 'a title in words, not the bare target path');
});

test('the canonical URL follows the configured site URL', () => {
  const html = redirectPage(makeConfig({ url: 'https://www.other.example/' }), redirects[0], 'de', 'Verschoben nach');
  assert.equal(attributes(html, /<link rel="canonical"[^>]*>/).href, 'https://www.other.example/docs/');
  assert.match(html, /<html lang="de">/);
});

test('text and targets are escaped', () => {
  const html = redirectPage(
    config,
    { from: '/a/', to: '/b/?x="1"&y=<2>', origin: 'x' },
    'en',
    'Moved <here> & "there"',
  );
  assert.doesNotMatch(html, /"1"|<2>|<here>/);
  assert.match(html, /content="0; url=\/b\/\?x=&quot;1&quot;&amp;y=&lt;2&gt;"/);
  assert.match(html, /Moved &lt;here&gt; &amp; &quot;there&quot;/);
});

test('_redirects: one "from to 301" line per redirect', () => {
  assert.equal(netlifyRedirects(redirects), '/old/ /docs/ 301\n/en/old/ /en/docs/ 301\n');
  assert.equal(netlifyRedirects([]), '\n');
});

test('nginx include: one exact-match location per redirect returning 301', () => {
  assert.equal(
    nginxRedirects(redirects),
    [
      'location = "/old/" { return 301 "/docs/$is_args$args"; }',
      'location = "/old" { return 301 "/docs/$is_args$args"; }',
      'location = "/en/old/" { return 301 "/en/docs/$is_args$args"; }',
      'location = "/en/old" { return 301 "/en/docs/$is_args$args"; }',
      '',
    ].join('\n'),
  );
});

test('the graph declares every configured redirect once per locale, with its prefix', () => {
  const { graph } = buildGraph({
    config,
    documents: [doc({ path: 'docs/index' })],
    categories: new Map(),
    authors: {},
    tags: {},
    messages,
    includeDrafts: false,
  });
  assert.deepEqual(graph.redirects, redirects);
});
