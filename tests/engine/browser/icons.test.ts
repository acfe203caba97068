// The icons come from one sprite among the hashed assets: a page names each with <use>, holds no
// copy of its drawing, and the browser draws them under the production server's
// Content-Security-Policy, with their accessible names (or none, for the decorative ones).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test } from 'node:test';
import type { Browser } from 'playwright-core';
import { serveStatic } from '../../../server/static.ts';
import { ICON_SPRITE, iconSprite } from '../../../theme/icons/Icon.tsx';
import { type BuiltSite, withRealSite } from '../../browser-harness.ts';

let browser: Browser;
let site: BuiltSite;
withRealSite((real) => ({ browser, site } = real));

const DOCS_PAGE = 'en/services/databases/postgresql/index.html';

/** The security headers of the build's `_headers` (the CSP with the inline script's hash among them). */
function builtHeaders(): Record<string, string> {
  const lines = readFileSync(path.join(site.dir, '_headers'), 'utf8').split('\n');
  const all = lines.slice(
    1,
    lines.findIndex((line, i) => i > 0 && !line.startsWith(' ')),
  );
  return Object.fromEntries(all.map((line) => line.trim().split(/:\s(.*)/, 2) as [string, string]));
}

test('a docs page names every icon in the sprite and holds no copy of one', () => {
  const html = readFileSync(path.join(site.dir, DOCS_PAGE), 'utf8');
  const icons = [...html.matchAll(/<svg class="icon[^"]*"[^>]*>(.*?)<\/svg>/g)];
  assert.ok(icons.length >= 10, `${icons.length} icons on the page`);
  const sprite = /^\/assets\/icons\.\w+\.svg$/;
  for (const [whole, inside] of icons) {
    const use = /^<use href="([^"#]+)#(\w+)"><\/use>$/.exec(inside);
    assert.ok(use, `an icon names its symbol and draws nothing itself: ${whole}`);
    assert.match(use[1], sprite);
    assert.ok(/aria-hidden="true"/.test(whole) || /role="img" aria-label="[^"]+"/.test(whole), whole);
  }
  assert.doesNotMatch(html, /<path\b/, 'no drawing of an icon in the page');
  const file = path.join(site.dir, icons[0][1].match(/href="\/([^"#]+)/)![1]);
  const symbols = new Set([...readFileSync(file, 'utf8').matchAll(/<symbol id="(\w+)"/g)].map((m) => m[1]));
  const named = new Set(icons.map(([, inside]) => /#(\w+)"/.exec(inside)![1]));
  assert.deepEqual(
    [...named].filter((name) => !symbols.has(name)),
    [],
    'every icon the page names is in the sprite',
  );
  assert.equal(readFileSync(file, 'utf8'), iconSprite(), `the build's ${ICON_SPRITE} is the theme's`);
});

test('under the production CSP the sprite loads and the icons are drawn, named as before', async () => {
  const headers = builtHeaders();
  assert.match(headers['Content-Security-Policy'] ?? '', /default-src 'self'/);
  const server = http.createServer((req, res) => serveStatic({ ...site.static, headers: () => headers }, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const refused: string[] = [];
    // (The analytics endpoint, which this static server lacks, answers 405: not the policy's doing.)
    page.on('console', (m) => /Content Security Policy|Refused to/i.test(m.text()) && refused.push(m.text()));
    const sprite = page.waitForResponse((r) => /\/assets\/icons\.\w+\.svg$/.test(r.url()));
    await page.goto(`${url}/${DOCS_PAGE.replace(/index\.html$/, '')}`);
    const answer = await sprite;
    assert.equal(answer.status(), 200);
    assert.match(answer.headers()['content-type'] ?? '', /^image\/svg\+xml/);
    await page.waitForLoadState('load');
    // A <use> whose sprite did not load has nothing to draw: its box is empty.
    const boxes = await page.$$eval('.navbar svg.icon use', (uses) =>
      uses
        .filter((use) => (use.parentElement as unknown as SVGSVGElement).getBoundingClientRect().width > 0)
        .map((use) => {
          const box = (use as SVGUseElement).getBBox();
          return { href: use.getAttribute('href'), width: box.width, height: box.height };
        }),
    );
    assert.ok(boxes.length >= 3, `${boxes.length} icons shown in the navbar`);
    for (const box of boxes) assert.ok(box.width > 0 && box.height > 0, `${box.href} is drawn: ${JSON.stringify(box)}`);
    // The icon is drawn in the colour of its text (a stroke of currentColor), not black.
    const search = page.locator('.search-button svg.icon');
    assert.equal(
      await search.evaluate((svg) => getComputedStyle(svg).color),
      await page.locator('.search-button').evaluate((b) => getComputedStyle(b).color),
    );
    // A control whose only content is an icon is named by its label, the icon staying silent.
    const unnamed = await page.$$eval('a, button, summary', (controls) =>
      controls
        .filter((c) => c.querySelector('svg.icon') && !c.textContent!.trim() && !c.getAttribute('aria-label'))
        .map((c) => c.outerHTML.slice(0, 120)),
    );
    assert.deepEqual(unnamed, []);
    assert.equal(await page.locator('.breadcrumbs a').first().getAttribute('aria-label'), 'Home');
    assert.deepEqual(refused, [], 'nothing refused by the policy');
  } finally {
    await context.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
