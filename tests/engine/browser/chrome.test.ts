// The page chrome as a visitor uses it: navbar and footer links, dropdowns by keyboard, mouse and
// touch, the mobile sidebar, colour mode, the announcement bar, docs sidebar and table of
// contents, back-to-top, the skip link, the 404 page and the base-URL banner.

import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type BuiltSite, buildSite, type SiteServer, serveSite, withRealSite } from '../../browser-harness.ts';
import { fixtureCopy } from '../../helpers.ts';

const DOC = '/en/services/databases/postgresql/';

let browser: Browser;
let site: BuiltSite;
let server: SiteServer;
withRealSite((real) => ({ browser, site, server } = real));

async function open(
  route: string,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  await page.goto(`${server.url}${route}`);
  return { context, page };
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
const visible = (page: Page, selector: string) =>
  page.$eval(selector, (el) => getComputedStyle(el).visibility === 'visible' && el.getClientRects().length > 0);

test('every navbar and footer link leads to a page that exists, in both languages', async () => {
  const { context, page } = await open('/');
  const hrefs = new Set<string>();
  const external: string[] = [];
  for (const route of ['/', '/en/', DOC]) {
    await page.goto(`${server.url}${route}`);
    const links = await page.$$eval('.navbar a[href], .footer a[href]', (as) =>
      as.map((a) => (a as HTMLAnchorElement).href),
    );
    for (const href of links)
      (new URL(href).origin === server.url ? hrefs : { add: (h: string) => external.push(h) }).add(href);
  }
  assert.ok(hrefs.size > 40, `only ${hrefs.size} links found`);
  const broken: string[] = [];
  await Promise.all(
    [...hrefs].map(async (href) => {
      const response = await fetch(href);
      await response.arrayBuffer();
      if (response.status !== 200) broken.push(`${href} ${response.status}`);
    }),
  );
  assert.deepEqual(broken.sort(), []);
  // Almwerk names no account on a social network in its config: no link to a made-up profile; the
  // only address off the site's pages is its own status page.
  assert.deepEqual(
    [...new Set(external.map((href) => new URL(href).hostname))],
    ['status.almwerk.example'],
    'no link from the navbar or the footer leads to another site',
  );
  const contact = await page.$('.navbar .navbar-cta');
  assert.equal(await contact!.getAttribute('data-track'), 'booking-link-click');
  assert.equal(
    await contact!.getAttribute('href'),
    '/en/contact/#appointment',
    'the appointment button leads to the booking',
  );
  assert.match(
    (await page.textContent('.footer-bottom')) ?? '',
    /Copyright © \d{4} Almwerk GmbH[\s\S]*Version: v1\.19\.6/,
  );
  await context.close();
});

test('the language menu leads to the same page in the other language', async () => {
  const { context, page } = await open(DOC);
  assert.equal(
    await page.getAttribute('.navbar .language-menu a[hreflang="de"]', 'href'),
    '/services/databases/postgresql/',
  );
  await page.click('.navbar .language-toggle');
  await page.click('.navbar .language-menu a[hreflang="de"]');
  await page.waitForURL(`${server.url}/services/databases/postgresql/`);
  await page.waitForSelector('html[lang="de"]', { state: 'attached' });
  assert.equal(
    await page.textContent('h1'),
    await (await fetch(`${server.url}/services/databases/postgresql/`))
      .text()
      .then((html) => /<h1[^>]*>([^<]*)/.exec(html)![1]),
  );
  await context.close();
});

test('navbar dropdowns work by keyboard: Enter, arrows, Home/End, Escape returns focus', async () => {
  const { context, page } = await open('/en/');
  const why = 'button[aria-controls="menu-why"]';
  await page.focus(why);
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute(why, 'aria-expanded'), 'true');
  assert.ok(await visible(page, '#menu-why'));
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(page), 'Policies');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(page), 'Comparisons');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(page), 'Policies', 'arrows wrap around');
  await page.keyboard.press('End');
  assert.equal(await focused(page), 'Comparisons');
  await page.keyboard.press('Escape');
  assert.equal(await page.getAttribute(why, 'aria-expanded'), 'false');
  assert.equal(
    await page.evaluate(() => document.activeElement?.getAttribute('aria-controls')),
    'menu-why',
    'focus returns to the toggle',
  );
  await page.waitForFunction(() => getComputedStyle(document.getElementById('menu-why')!).visibility === 'hidden');

  // A section with a page of its own: the link stays a link, the caret beside it opens the menu.
  const services = 'button[aria-controls="menu-services"]';
  await page.focus(services);
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.getAttribute(services, 'aria-expanded'), 'true');
  assert.equal(await focused(page), 'Quickstart');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('Escape');
  // Tabbing out of a menu closes it.
  await page.focus(services);
  await page.keyboard.press('Space');
  assert.equal(await page.getAttribute(services, 'aria-expanded'), 'true');
  await page.focus('.navbar-cta');
  assert.equal(await page.getAttribute(services, 'aria-expanded'), 'false');
  await context.close();
});

test('navbar dropdowns open by mouse click and by touch, and close on a click elsewhere', async () => {
  const { context, page } = await open('/en/');
  await page.click('button[aria-controls="menu-knowledge"]');
  assert.ok(await visible(page, '#menu-knowledge'));
  await page.mouse.click(640, 600);
  assert.equal(await page.getAttribute('button[aria-controls="menu-knowledge"]', 'aria-expanded'), 'false');
  await context.close();

  const touch = await open('/en/', { hasTouch: true, isMobile: true, viewport: { width: 1100, height: 800 } });
  await touch.page.tap('button[aria-controls="menu-solutions"]');
  assert.ok(await visible(touch.page, '#menu-solutions'));
  await touch.page.tap('#menu-solutions a[href="/en/solutions/agency/"]');
  await touch.page.waitForURL(`${server.url}/en/solutions/agency/`);
  await touch.context.close();
});

test('without JavaScript every navbar link can be reached by Tab, on a desktop and on a phone', async () => {
  for (const width of [1280, 375]) {
    const { context, page } = await open('/en/', { javaScriptEnabled: false, viewport: { width, height: 800 } });
    assert.equal(await page.isVisible('.navbar-toggle'), false, 'no hamburger that would do nothing');
    for (const id of ['menu-services', 'menu-solutions', 'menu-why', 'menu-knowledge', 'menu-language']) {
      const names = await page.$$eval(`#${id} a`, (as) => as.map((a) => a.textContent!.trim()));
      await page.focus(`.dropdown:has(#${id}) > :first-child`);
      for (const name of names) {
        await page.keyboard.press('Tab');
        assert.equal(await focused(page), name, `${id} at ${width}px`);
        assert.ok(
          await page.evaluate(
            () =>
              document.activeElement!.getBoundingClientRect().height > 0 &&
              getComputedStyle(document.activeElement!).visibility === 'visible',
          ),
        );
      }
    }
    await context.close();
  }
});

test('without JavaScript the phone navigation shows every section on the screen, none behind an edge', async () => {
  for (const width of [390, 320]) {
    const { context, page } = await open('/', { javaScriptEnabled: false, viewport: { width, height: 800 } });
    const items = await page.$$eval('.navbar-inner > .navbar-items > li', (lis) =>
      lis.map((li) => {
        const r = li.getBoundingClientRect();
        return { name: li.textContent!.trim(), left: r.left, right: r.right, shown: r.height > 0 };
      }),
    );
    assert.ok(items.length >= 6, `${items.length} sections`);
    for (const item of items)
      assert.ok(
        item.shown && item.left >= 0 && item.right <= width,
        `${item.name} at ${width}px: ${item.left}-${item.right}`,
      );
    assert.equal(
      await page.evaluate(() => document.documentElement.scrollWidth),
      width,
      'the page does not scroll sideways',
    );
    await context.close();
  }
});

test('mobile sidebar at 375 px: opens on the section menu, traps focus, Escape and resizing close it', async () => {
  const { context, page } = await open(DOC, { viewport: { width: 375, height: 740 } });
  assert.equal(await page.isVisible('.navbar-inner > .navbar-items'), false, 'the desktop menu is folded away');
  await page.click('.navbar-toggle');
  await page.waitForSelector('#mobile-menu[open]');
  assert.equal(await page.getAttribute('.navbar-toggle', 'aria-expanded'), 'true');
  assert.ok(await page.isVisible('#mobile-menu .navbar-sidebar-back'), 'a docs page opens on its own section menu');
  assert.ok(
    await page.isVisible('#mobile-menu .sidebar a[aria-current="page"]'),
    'the current page is in the section menu',
  );
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press(i % 7 === 6 ? 'Shift+Tab' : 'Tab');
    assert.ok(
      await page.evaluate(() => !!document.activeElement?.closest('#mobile-menu')),
      `focus left the menu after ${i + 1} presses`,
    );
  }
  await page.keyboard.press('Escape');
  await page.waitForSelector('#mobile-menu:not([open])', { state: 'attached' });
  assert.equal(
    await page.evaluate(() => document.activeElement?.classList.contains('navbar-toggle')),
    true,
    'focus returns to the hamburger',
  );

  await page.click('.navbar-toggle');
  await page.click('#mobile-menu .navbar-sidebar-back');
  assert.ok(await page.isVisible('#mobile-menu [data-panel="primary"] .navbar-items'), 'back to the main menu');
  assert.equal(await page.isVisible('#mobile-menu .navbar-sidebar-back'), false);
  assert.ok(await page.isVisible('#mobile-menu a[href="/en/about-us/"]'), 'main menu links');
  // The section holding the current page is unfolded; the others fold open on a tap.
  assert.ok(await page.isVisible('#mobile-menu a[href="/en/services/databases/"]'), 'the current section is unfolded');
  assert.equal(await page.isVisible('#mobile-menu a[href="/en/solutions/agency/"]'), false);
  await page.click('#mobile-menu button[aria-controls="m-menu-solutions"]');
  await page.waitForSelector('#mobile-menu a[href="/en/solutions/agency/"]', { state: 'visible' });

  await page.setViewportSize({ width: 1200, height: 800 });
  await page.waitForSelector('#mobile-menu:not([open])', { state: 'attached' });
  assert.equal(await page.getAttribute('.navbar-toggle', 'aria-expanded'), 'false');
  await page.setViewportSize({ width: 375, height: 740 });

  await page.click('.navbar-toggle');
  await page.click('#mobile-menu .navbar-sidebar-back');
  await page.click('#mobile-menu a[href="/en/about-us/"]');
  await page.waitForURL(`${server.url}/en/about-us/`);
  assert.equal(await page.isVisible('#mobile-menu'), false, 'closed after navigating');
  await context.close();
});

test('colour mode: dark by default, toggled, remembered across reloads before first paint, synced across tabs', async () => {
  const { context, page } = await open('/en/');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  const other = await context.newPage();
  await other.goto(`${server.url}${DOC}`);
  await page.evaluate(() => {
    (window as unknown as { events: unknown[] }).events = [];
    document.addEventListener('site:event', (e) =>
      (window as unknown as { events: unknown[] }).events.push((e as CustomEvent).detail),
    );
  });
  await page.click('.navbar .color-mode-toggle');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
  assert.match((await page.getAttribute('.navbar .color-mode-toggle', 'aria-label'))!, /Light/);
  assert.deepEqual(await page.evaluate(() => (window as unknown as { events: unknown[] }).events), [
    { name: 'Color Change Click', props: { item: 'light', position: 'navbar' } },
  ]);
  await other.waitForFunction(() => document.documentElement.dataset.theme === 'light');

  // With the bundle blocked, only the inline head script can have set the mode: no flash.
  await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.reload();
  assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
  await context.unroute(/\/assets\/.*\.js$/);
  await page.reload();
  await page.click('.navbar .color-mode-toggle');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  await other.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  await context.close();
});

test('the announcement bar is dismissed for good, until its id changes', async () => {
  const { context, page } = await open('/en/');
  assert.ok(await page.isVisible('.announcement'));
  assert.match((await page.textContent('.announcement'))!, /Quickstart/);
  await page.click('.announcement-close');
  assert.equal(await page.isVisible('.announcement'), false);
  await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto(`${server.url}/`);
  assert.equal(await page.isVisible('.announcement'), false, 'hidden before the bundle runs, in every language');
  await page.evaluate(() => localStorage.setItem('announcement-dismissed', 'an-older-announcement'));
  await page.reload();
  assert.ok(await page.isVisible('.announcement'), 'a different announcement shows again');
  await context.close();
});

test('the 404 page: status 404, in the language of the path, and it offers the search', async () => {
  const en = await fetch(`${server.url}/en/no-such-page/`);
  assert.equal(en.status, 404);
  const { context, page } = await open('/en/no-such-page/');
  assert.equal(await page.textContent('h1'), 'Page Not Found');
  assert.match(
    (await page.textContent('main'))!,
    /We could not find what you were looking for[\s\S]*owner of the site that linked you/,
  );
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.equal(await page.getAttribute('main a.button-primary', 'href'), '/en/');
  // It offers the search, with the words of the missing address typed in.
  await page.goto(`${server.url}/en/services/managed-backup/`);
  await page.click('main .search-button');
  await page.waitForSelector('#search-dialog[open]');
  assert.equal(await page.inputValue('.search-input'), 'managed backup');
  await page.waitForSelector('.search-result');
  assert.match((await page.textContent('.search-result'))!, /backup/i);
  await page.keyboard.press('Escape');
  assert.equal(
    await page.evaluate(() => document.activeElement?.textContent),
    'Search the site',
    'focus is back on the button',
  );
  const de = await fetch(`${server.url}/gibt-es-nicht/`);
  assert.equal(de.status, 404);
  await page.goto(`${server.url}/gibt-es-nicht/`);
  assert.equal(await page.textContent('h1'), 'Seite nicht gefunden');
  assert.equal(await page.getAttribute('html', 'lang'), 'de');
  assert.equal((await page.textContent('main .search-button'))!.trim(), 'Auf der Website suchen');
  await context.close();
});

test('skip link: the first Tab stop, and it moves focus to the main content', async () => {
  const { context, page } = await open(DOC);
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), 'Skip to main content');
  assert.ok(await page.$eval('.skip-link', (a) => a.getBoundingClientRect().top >= 0));
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'main');
  await context.close();
});

test('back to top: appears after scrolling down, scrolls up and moves focus to the content', async () => {
  const { context, page } = await open(DOC, { reducedMotion: 'reduce' });
  assert.equal(await visible(page, '.back-to-top'), false);
  await page.mouse.wheel(0, 3000);
  await page.waitForFunction(() => document.querySelector('.back-to-top')!.classList.contains('visible'));
  await page.click('.back-to-top');
  await page.waitForFunction(() => scrollY === 0);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'main');
  await context.close();
});

test('docs: the table of contents marks the section in view', async () => {
  const { context, page } = await open(DOC);
  const ids = await page.$$eval('.docs-toc .toc a', (as) => as.map((a) => (a as HTMLAnchorElement).hash.slice(1)));
  assert.ok(ids.length > 3);
  const target = ids[3];
  await page.$eval(`[id="${target}"]`, (h) => h.scrollIntoView());
  await page.waitForFunction(
    (id) => document.querySelector('.docs-toc .toc a.active')?.getAttribute('href') === `#${id}`,
    target,
  );
  assert.equal(await page.$$eval('.docs-toc .toc a.active', (as) => as.length), 1);
  await context.close();
});

test('docs: one table of contents, in the side column on a wide screen, folded above the content on a phone and without JavaScript', async () => {
  const tocs = async (page: Page) => page.$$eval('nav.toc', (navs) => navs.map((nav) => nav.parentElement!.className));
  const wide = await open(DOC);
  assert.deepEqual(await tocs(wide.page), ['docs-toc']);
  assert.ok(await wide.page.isVisible('.docs-toc .toc a'));
  assert.equal(await wide.page.isVisible('.toc-mobile'), false, 'no fold beside the column');
  // Narrowed to a phone, the same list moves into the fold, which opens it.
  await wide.page.setViewportSize({ width: 375, height: 740 });
  await wide.page.waitForFunction(() => document.querySelector('nav.toc')!.parentElement!.matches('.toc-mobile'));
  assert.equal(await wide.page.isVisible('.toc-mobile .toc a'), false, 'folded');
  await wide.page.click('.toc-mobile > summary');
  await wide.page.locator('.toc-mobile .toc a').first().waitFor();
  await wide.page.setViewportSize({ width: 1280, height: 800 });
  await wide.page.waitForFunction(() => document.querySelector('nav.toc')!.parentElement!.matches('.docs-toc'));
  await wide.context.close();
  for (const viewport of [
    { width: 375, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    const { context, page } = await open(DOC, { javaScriptEnabled: false, viewport });
    assert.deepEqual(await tocs(page), ['toc-mobile'], `${viewport.width} px without JavaScript`);
    await page.click('.toc-mobile > summary');
    const first = page.locator('.toc-mobile .toc a').first();
    assert.ok(await first.isVisible(), `the fold opens without JavaScript at ${viewport.width} px`);
    const hash = await first.evaluate((a) => (a as HTMLAnchorElement).hash);
    await first.click();
    assert.equal(new URL(page.url()).hash, hash);
    await context.close();
  }
});

test('docs: the category of the page folds, animated, and opens again on the next page; the others are links to their pages', async () => {
  const { context, page } = await open(DOC);
  const details = '.docs-sidebar details[data-active]';
  assert.equal(await page.$eval(details, (d) => (d as HTMLDetailsElement).open), true, 'the way to the page is open');
  // Animations started on the list are counted as they start: on a busy machine a short one can
  // be over before the page could be asked for its running animations.
  await page.$eval(`${details} > ul`, (ul) => {
    const animate = ul.animate.bind(ul);
    ul.animate = (...args: Parameters<Element['animate']>) => {
      ul.dataset.animations = String(Number(ul.dataset.animations ?? 0) + 1);
      return animate(...args);
    };
  });
  await page.click(`${details} > summary`);
  await page.waitForFunction((sel) => !(document.querySelector(sel) as HTMLDetailsElement).open, details);
  await page.click(`${details} > summary`);
  await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLDetailsElement).open, details);
  assert.equal(
    await page.$eval(`${details} > ul`, (ul) => (ul as HTMLElement).dataset.animations),
    '2',
    'folding and opening are animated',
  );
  await page.click(`${details} > summary`);
  await page.waitForFunction((sel) => !(document.querySelector(sel) as HTMLDetailsElement).open, details);
  await page.goto(`${server.url}/en/services/databases/mariadb-mysql/`);
  assert.equal(
    await page.$eval(details, (d) => (d as HTMLDetailsElement).open),
    true,
    'the current page is always in view',
  );
  // Every other category is its link, with the chevron of a closed one, and leads to its page.
  const others = await page.$$eval('.docs-sidebar .sidebar-category-link:only-child', (as) =>
    as.map((a) => (a as HTMLAnchorElement).pathname),
  );
  assert.ok(others.length >= 5, others.join());
  assert.equal(await page.locator('.docs-sidebar details:not([data-active])').count(), 0);
  await page.click(`.docs-sidebar a[href="${others[0]}"]`);
  await page.waitForURL(`${server.url}${others[0]}`);
  assert.equal(
    await page.$eval(`.docs-sidebar a[href="${others[0]}"] + details`, (d) => (d as HTMLDetailsElement).open),
    true,
  );
  await context.close();
});

test('docs: the sidebar hides for the session', async () => {
  const { context, page } = await open(DOC);
  await page.click('.docs-sidebar .sidebar-hide');
  assert.equal(await page.isVisible('.docs-sidebar .sidebar'), false);
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('sidebar-show')), true);
  await page.goto(`${server.url}/en/services/databases/mariadb-mysql/`);
  assert.equal(await page.isVisible('.docs-sidebar .sidebar'), false);
  await page.click('.docs-sidebar .sidebar-show');
  assert.ok(await page.isVisible('.docs-sidebar .sidebar'));

  await context.close();
});

test('the FAQ has no sidebar; draft-free builds show no draft banner', async () => {
  const { context, page } = await open('/en/faq/collaboration/');
  assert.equal(await page.$('.docs-sidebar'), null);
  assert.equal(await page.$('.banner-draft'), null);
  await context.close();
});

test('base-URL banner: shown when the site is served outside its configured base URL', async () => {
  const { context, page } = await open('/en/');
  assert.equal(await page.isVisible('#base-url-banner'), false);
  await context.close();

  // The same fixture, with the same base, as tests/engine/browser/subpath.test.ts: one build serves both.
  const fixture = await fixtureCopy('basic');
  await writeFile(
    path.join(fixture.root, 'config/site.config.ts'),
    "import { base } from './base.ts';\n\nexport default { ...base, baseUrl: '/docs/' };\n",
  );
  const moved = await buildSite(fixture.root);
  const movedServer = await serveSite(moved);
  try {
    const p = await browser.newPage();
    await p.goto(`${movedServer.url}/en/`);
    assert.ok(await p.isVisible('#base-url-banner'));
    assert.match((await p.textContent('#base-url-banner'))!, /\/docs\//);
    await p.close();
  } finally {
    await movedServer.close();
    await moved.dispose();
    await fixture.dispose();
  }
});
