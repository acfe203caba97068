// Images on the real site (spec 8): what a visitor sees in place of an image that does not load,
// in German and English: "offline" when the browser is offline (and the image once it is back
// online), "not found" on a 404, and for any other failure an error that reloads the image when
// clicked. And the built images themselves: every <img> carries its width and height, and images
// below the fold load lazily.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { type BuiltSite, type SiteServer, withRealSite } from '../../browser-harness.ts';

let browser: Browser;
let site: BuiltSite;
let server: SiteServer;
withRealSite((real) => ({ browser, site, server } = real));

/** A blog post with a diagram in each language, and the messages of spec 8 in that language. */
const LOCALES = [
  {
    locale: 'en',
    page: '/en/blog/containers/',
    image: '/img/blog/containers-en.svg',
    offline: 'Your browser is offline. Image not loaded',
    notFound: 'Image not found',
    error: 'Error. Click to reload',
  },
  {
    locale: 'de',
    page: '/blog/containers/',
    image: '/img/blog/containers-de.svg',
    offline: 'Ihr Browser ist offline. Bild nicht geladen',
    notFound: 'Bild nicht gefunden',
    error: 'Fehler. Zum Neuladen klicken',
  },
] as const;
type Case = (typeof LOCALES)[number];

type Handler = (route: Route) => Promise<void>;

/** Opens the post with every request for its diagram (GET and HEAD) answered by `handler`. */
async function openPost(c: Case, handler: Handler): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.route(`${server.url}${c.image}`, handler);
  const page = await context.newPage();
  // Not 'load': a held image request would hold the load event too.
  await page.goto(`${server.url}${c.page}`, { waitUntil: 'domcontentloaded' });
  return { context, page };
}

const imageOf = (page: Page, c: Case) => page.locator(`main img[src="${c.image}"]`);

async function scrollToImage(page: Page, c: Case): Promise<void> {
  await page.evaluate(`document.querySelector('main img[src="${c.image}"]').scrollIntoView({ block: 'center' })`);
}

/** The message shown in the image's place, once it is there. */
async function fallbackMessage(page: Page): Promise<string> {
  const message = page.locator('main .image-fallback-message');
  await message.waitFor({ state: 'visible' });
  return (await message.textContent()) ?? '';
}

/** Waits until the diagram is on screen and decoded. */
async function waitForImageShown(page: Page, c: Case): Promise<void> {
  await imageOf(page, c).waitFor({ state: 'visible' });
  await page.waitForFunction(
    `(() => { const img = document.querySelector('main img[src="${c.image}"]'); return img && img.complete && img.naturalWidth > 0; })()`,
  );
}

const fulfil =
  (status: number): Handler =>
  (route) =>
    route.fulfill({ status, contentType: 'text/plain', body: status === 404 ? 'not found' : 'server error' });

test('offline, the image says the browser is offline and the image was not loaded', async () => {
  for (const c of LOCALES) {
    // The browser goes offline while the diagram is on its way: the request fails for that reason.
    let wentOffline!: () => void;
    const offline = new Promise<void>((resolve) => (wentOffline = resolve));
    const { context, page } = await openPost(c, async (route) => {
      await offline;
      await route.abort('internetdisconnected');
    });
    await context.setOffline(true);
    wentOffline();
    await scrollToImage(page, c);
    assert.equal(await fallbackMessage(page), c.offline, c.locale);
    assert.equal(await imageOf(page, c).isHidden(), true, 'the broken image is replaced, not shown beside the message');
    const fallback = page.locator('main .image-fallback');
    assert.equal(await fallback.getAttribute('role'), 'img');
    assert.match(
      (await fallback.getAttribute('aria-label')) ?? '',
      new RegExp(`^${c.offline}: `),
      'screen readers hear the message and the alt text',
    );
    await context.close();
  }
});

test('back online, an image that failed offline loads by itself', async () => {
  for (const c of LOCALES) {
    let online = false;
    let wentOffline!: () => void;
    const offline = new Promise<void>((resolve) => (wentOffline = resolve));
    const { context, page } = await openPost(c, async (route) => {
      if (online) return route.fallback();
      await offline;
      await route.abort('internetdisconnected');
    });
    await context.setOffline(true);
    wentOffline();
    await scrollToImage(page, c);
    assert.equal(await fallbackMessage(page), c.offline);
    online = true;
    await context.setOffline(false);
    await waitForImageShown(page, c);
    assert.equal(await page.locator('main .image-fallback').count(), 0, `${c.locale}: the message is gone`);
    await context.close();
  }
});

test('an image that answers 404 says "Image not found" in its place, at its size', async () => {
  for (const c of LOCALES) {
    const { context, page } = await openPost(c, fulfil(404));
    await scrollToImage(page, c);
    assert.equal(await fallbackMessage(page), c.notFound, c.locale);
    assert.equal(await imageOf(page, c).isHidden(), true);
    const fallback = page.locator('main .image-fallback');
    assert.match((await fallback.getAttribute('aria-label')) ?? '', new RegExp(`^${c.notFound}: `));
    // The message keeps the diagram's box, so the text around it does not move.
    const [width, height] = [
      Number(await imageOf(page, c).getAttribute('width')),
      Number(await imageOf(page, c).getAttribute('height')),
    ];
    const box = (await fallback.boundingBox())!;
    const column = (await page.locator('main .markdown').boundingBox())!;
    const expectedWidth = Math.min(width, column.width);
    assert.ok(Math.abs(box.width - expectedWidth) <= 1, `fallback width ${box.width}, image width ${expectedWidth}`);
    assert.ok(
      Math.abs(box.height - (expectedWidth * height) / width) <= 2,
      `fallback height ${box.height}, image height ${(expectedWidth * height) / width}`,
    );
    await context.close();
  }
});

test('any other failure (a server error, a broken connection) says "Error. Click to reload"', async () => {
  for (const c of LOCALES) {
    for (const [cause, handler] of [
      ['500', fulfil(500)],
      ['aborted', (route: Route) => route.abort('connectionreset')],
    ] as const) {
      const { context, page } = await openPost(c, handler);
      await scrollToImage(page, c);
      assert.equal(await fallbackMessage(page), c.error, `${c.locale}, ${cause}`);
      assert.equal(await imageOf(page, c).isHidden(), true);
      assert.equal(await page.getByRole('button', { name: c.error }).count(), 1, 'the message is a button');
      await context.close();
    }
  }
});

test('clicking the error message loads the image again, and it shows once the server answers', async () => {
  for (const c of LOCALES) {
    let healthy = false;
    let gets = 0;
    const { context, page } = await openPost(c, async (route) => {
      if (route.request().method() === 'GET') gets++;
      return healthy ? route.fallback() : fulfil(500)(route);
    });
    await scrollToImage(page, c);
    assert.equal(await fallbackMessage(page), c.error);
    const failedGets = gets;
    healthy = true;
    await page.getByRole('button', { name: c.error }).click();
    await waitForImageShown(page, c);
    assert.ok(gets > failedGets, `${c.locale}: the click requested the image again`);
    assert.equal(await page.locator('main .image-fallback').count(), 0, 'the message is gone');
    assert.equal(await imageOf(page, c).count(), 1, 'one image, not a second copy');
    await context.close();
  }
});

function builtPages(): { route: string; html: string }[] {
  return readdirSync(site.dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name === 'index.html')
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      return {
        route: `/${path.relative(site.dir, path.dirname(file)).split(path.sep).join('/')}/`.replace(/^\/\/$/, '/'),
        html: readFileSync(file, 'utf8'),
      };
    });
}

/** Pages with images besides the logo (the diagrams of blog posts and case studies). */
function pagesWithPictures(): string[] {
  return builtPages()
    .filter((p) => [...p.html.matchAll(/<img\b[^>]*\ssrc="([^"]*)"/g)].some((m) => m[1] !== '/img/logo.svg'))
    .map((p) => p.route);
}

test('every built image has its width and height, matching the picture', async () => {
  const pages = builtPages();
  let images = 0;
  for (const { route, html } of pages) {
    for (const [tag] of html.matchAll(/<img\b[^>]*>/g)) {
      images++;
      assert.match(tag, /\swidth="[1-9]\d*"/, `${route}: ${tag.slice(0, 120)}`);
      assert.match(tag, /\sheight="[1-9]\d*"/, `${route}: ${tag.slice(0, 120)}`);
    }
  }
  assert.ok(images >= pages.length, `every page has at least its logo (${images} images on ${pages.length} pages)`);

  // In the browser: the box the attributes reserve has the picture's proportions, so nothing is
  // distorted and nothing shifts when it arrives.
  const withPictures = pagesWithPictures();
  assert.ok(withPictures.length > 0, 'the site has pages with diagrams');
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const route of withPictures) {
    await page.goto(`${server.url}${route}`);
    await page.evaluate(`document.querySelector('main img').scrollIntoView()`);
    await page.waitForFunction(
      `[...document.querySelectorAll('main img')].every((img) => img.complete && img.naturalWidth > 0)`,
    );
    const measured = (await page.evaluate(`[...document.querySelectorAll('main img')].map((img) => ({
      src: img.getAttribute('src'), width: +img.getAttribute('width'), height: +img.getAttribute('height'),
      natural: img.naturalWidth / img.naturalHeight, shown: img.getBoundingClientRect().width / img.getBoundingClientRect().height,
    }))`)) as { src: string; width: number; height: number; natural: number; shown: number }[];
    for (const m of measured) {
      const ratio = m.width / m.height;
      assert.ok(
        Math.abs(m.natural / ratio - 1) < 0.01,
        `${route} ${m.src}: ${m.width}x${m.height} but the picture is ${m.natural.toFixed(3)}:1`,
      );
      assert.ok(Math.abs(m.shown / ratio - 1) < 0.02, `${route} ${m.src}: shown at ${m.shown.toFixed(3)}:1`);
    }
  }
  await context.close();
});

test('images below the fold load lazily, on a desktop and on a phone', async () => {
  const routes = pagesWithPictures();
  const lazyBelow: string[] = [];
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(`${server.url}${route}`);
      await page.evaluate('document.fonts.ready');
      const images =
        (await page.evaluate(`[...document.images].filter((img) => img.getClientRects().length > 0).map((img) => ({
        src: img.getAttribute('src'), top: img.getBoundingClientRect().top + scrollY, loading: img.getAttribute('loading'),
      }))`)) as { src: string; top: number; loading: string | null }[];
      // An image repeating a file already shown above the fold (the footer's logo) costs no request.
      const aboveTheFold = new Set(images.filter((i) => i.top < viewport.height).map((i) => i.src));
      for (const image of images) {
        if (image.top < viewport.height || aboveTheFold.has(image.src)) continue;
        assert.equal(
          image.loading,
          'lazy',
          `${viewport.width}x${viewport.height} ${route}: ${image.src} starts at ${Math.round(image.top)} px, below the fold`,
        );
        lazyBelow.push(`${viewport.width} ${route}`);
      }
    }
    await context.close();
  }
  assert.ok(lazyBelow.length > 0, 'images below the fold were checked');
});
