// Host rules of a `_redirects` file that name more than one URL, as Netlify reads them: a
// `:placeholder` takes one segment, a trailing `*` the rest (`:splat`), a status other than a
// redirect's is not one, and nginx gets each as a regular expression with the same groups.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchRedirectRule, parseRedirectRules, redirectsOfText } from '../../../common/redirect-rules.ts';
import { nginxRuleRedirects } from '../../../generator/extras/redirects.ts';

const TEXT = [
  '# moved',
  '/blog/:year/:month/:slug  /news/:slug/  301',
  '/zh-TW/*  /zh-tw/:splat  301!',
  '/app/*  /index.html  200',
  '/old/  /docs/',
  '/out/*  https://example.org/:splat  302',
].join('\n');

test('placeholders take one segment, a splat the rest; a rewrite (200) is no redirect', () => {
  const rules = parseRedirectRules(TEXT);
  assert.deepEqual(
    rules.map((r) => [r.from, r.status]),
    [
      ['/blog/:year/:month/:slug', 301],
      ['/zh-TW/*', 301],
      ['/out/*', 302],
    ],
  );
  const to = (p: string) => matchRedirectRule(rules, p);
  assert.equal(to('/blog/2024/05/launch'), '/news/launch/');
  assert.equal(to('/blog/2024/05/launch/'), '/news/launch/');
  assert.equal(to('/blog/2024/launch'), undefined, 'a placeholder takes a whole segment, never none');
  assert.equal(to('/zh-TW/docs/intro/'), '/zh-tw/docs/intro/');
  assert.equal(to('/zh-TW'), '/zh-tw/');
  assert.equal(to('/zh-TWX/'), undefined);
  assert.equal(to('/out/a/b'), 'https://example.org/a/b');
  const { redirects } = redirectsOfText(TEXT);
  assert.deepEqual([...redirects], [['/old/', '/docs/']], 'a line of one URL stays a plain redirect');
});

test('nginx answers each rule with the groups of its regular expression', () => {
  assert.equal(
    nginxRuleRedirects(parseRedirectRules(TEXT).slice(0, 2)),
    [
      'location ~ "^/blog/([^/]+)/([^/]+)/([^/]+)/?$" { return 301 "/news/$3/$is_args$args"; }',
      'location ~ "^/zh-TW(?:/(.*))?$" { return 301 "/zh-tw/$1$is_args$args"; }',
      '',
    ].join('\n'),
  );
});
