// axe-core on the built site: no violations of WCAG 2.0-2.2 A and AA (contrast included) on the
// home page, a docs page, a page with a wide table, a blog post, the contact page, the services
// overview, the company page and the 404 page, in both colour modes; the home page in both
// languages; on a phone with the menu and every submenu open; on a desktop with each dropdown open.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type BuiltSite, buildSite, inTabs, launchBrowser, type SiteServer, serveSite } from '../../browser-harness.ts';
import { REPO } from '../../helpers.ts';

const PAGES = [
  '/',
  '/en/',
  '/en/services/databases/postgresql/',
  '/en/blog/containers/',
  '/en/contact/',
  '/en/this-page-does-not-exist/',
  '/services/databases/postgresql/',
  '/services/',
  '/en/about-us/',
  '/contact/',
  '/en/compare/almwerk-vs-aws/',
];
/** Pages checked at once, each in a tab of its own. */
const TABS = 3;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let browser: Browser;
let site: BuiltSite;
let server: SiteServer;
let axeSource: string;

before(async () => {
  [browser, site, axeSource] = await Promise.all([
    launchBrowser(),
    buildSite(),
    readFile(path.join(REPO, 'node_modules/axe-core/axe.min.js'), 'utf8'),
  ]);
  server = await serveSite(site);
});
after(async () => {
  await browser?.close();
  await server?.close();
  await site?.dispose();
});

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const found = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }
    ).axe;
    return (await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }))
      .violations;
  }, TAGS);
  return found.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id}: ${v.help} at ${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ')})` : ''}`,
    ),
  );
}

for (const mode of ['dark', 'light'] as const) {
  test(`axe finds no violations in ${mode} mode`, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
    const problems: string[] = [];
    await inTabs(PAGES, TABS, async (route) => {
      const page = await context.newPage();
      await page.goto(`${server.url}${route}`);
      assert.equal(await page.getAttribute('html', 'data-theme'), mode);
      problems.push(...(await violations(page)).map((v) => `${route} ${v}`));
      await page.close();
    });
    await context.close();
    assert.deepEqual(problems, []);
  });
}

for (const mode of ['dark', 'light'] as const) {
  test(`axe finds no violations on a 390 px phone with the mobile menu and each of its submenus open (${mode})`, async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
    const problems: string[] = [];
    await inTabs(['/', '/en/services/databases/postgresql/'], TABS, async (route) => {
      const page = await context.newPage();
      await page.goto(`${server.url}${route}`);
      await page.click('.navbar-toggle');
      await page.waitForSelector('#mobile-menu[open]');
      problems.push(...(await violations(page)).map((v) => `${route} menu: ${v}`));
      // A docs page opens the menu on its sidebar; "back" leads to the main menu.
      const back = page.locator('#mobile-menu .navbar-sidebar-back');
      if (await back.isVisible()) await back.click();
      const toggles = page.locator('#mobile-menu [data-panel="primary"] .dropdown-toggle');
      const count = await toggles.count();
      assert.ok(count >= 4, `${route}: the menu has its submenus`);
      // One at a time, as a visitor taps them: each list unfolds (animated) before the next tap,
      // so no tap lands on a toggle that the unfolding list above is still moving.
      for (let i = 0; i < count; i++) {
        const toggle = toggles.nth(i);
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
        assert.equal(await toggle.getAttribute('aria-expanded'), 'true', `${route}: submenu ${i + 1} opens on a tap`);
        await page.waitForFunction(() =>
          document
            .getElementById('mobile-menu')!
            .getAnimations({ subtree: true })
            .every((a) => a.playState !== 'running'),
        );
      }
      assert.equal(
        await page.locator('#mobile-menu [data-panel="primary"] .dropdown-toggle[aria-expanded="true"]').count(),
        count,
        'every submenu open',
      );
      problems.push(...(await violations(page)).map((v) => `${route} submenus: ${v}`));
      await page.close();
    });
    await context.close();
    assert.deepEqual(problems, []);
  });
}

test('axe finds no violations with each navbar dropdown open on a desktop', async () => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const problems: string[] = [];
  await inTabs(['/', '/en/'], TABS, async (route) => {
    const page = await context.newPage();
    await page.goto(`${server.url}${route}`);
    const toggles = page.locator('.navbar-inner .dropdown-toggle');
    const count = await toggles.count();
    assert.ok(count >= 4);
    for (let i = 0; i < count; i++) {
      await toggles.nth(i).click();
      assert.equal(await toggles.nth(i).getAttribute('aria-expanded'), 'true');
      problems.push(...(await violations(page)).map((v) => `${route} dropdown ${i + 1}: ${v}`));
      await page.keyboard.press('Escape');
    }
    await page.close();
  });
  await context.close();
  assert.deepEqual(problems, []);
});
