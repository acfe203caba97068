// Watch mode: a body edit is written at once by the fast path and the full build that follows
// finds no page left to write (only the page's Markdown twin and its language's search index
// follow); a title edit re-parses one file and re-renders what shows the title; a content error
// keeps the server running. Edits to the UI strings and to the theme's code are rendered too.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, test } from 'node:test';
import { createCache, runBuild } from '../../../generator/build/build.ts';
import { closeParseWorkers } from '../../../generator/build/worker-pool.ts';
import { renderOnDemand } from '../../../generator/dev/pages-on-demand.ts';
import { fixtureCopy } from '../../helpers.ts';
import { startWatchServer } from '../../watch-server.ts';

// A build with a cache keeps its parse workers for the next one, as watch mode does.
after(() => closeParseWorkers());

test('a one-page edit rewrites one page; a title edit re-renders what shows it; an error keeps the server up', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  const hot: string[][] = [];
  const {
    dev,
    url: base,
    nextBuild,
  } = await startWatchServer(root, {
    onHotUpdate: (files) => hot.push(files),
  });
  try {
    assert.equal((await dev.firstBuild).stats.parsed, 24);
    // The tabs a writer has open: pages are rendered when asked for, and edits re-render those.
    for (const route of ['/en/docs/guides/upgrade/', '/en/docs/guides/install/'])
      assert.equal((await fetch(`${base}${route}`)).status, 200);
    // The open tab's live-reload events.
    const events = new AbortController();
    const stream = await fetch(`${base}/__site/events`, { signal: events.signal });
    let told = '';
    const toldToReload = (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of stream.body!)
        if ((told += decoder.decode(chunk)).includes('event: reload')) return told;
    })().catch(() => told);
    const file = path.join(root, 'content/en/docs/guides/upgrade.md');
    const edited = nextBuild();
    await writeFile(file, (await readFile(file, 'utf8')).replace('Back to', 'Return to'));
    const rebuilt = await edited;
    assert.deepEqual(hot, [['en/docs/guides/upgrade/index.html']], 'the fast path wrote the edited page');
    assert.match(
      (await toldToReload) ?? '',
      /event: reload\ndata: \["en\/docs\/guides\/upgrade\/index\.html"\]/,
      'the open tab is told to reload the page',
    );
    events.abort();
    assert.equal(rebuilt.stats.parsed, 0, 'the fast path had parsed it already');
    assert.equal(rebuilt.stats.rendered, 1);
    const written = rebuilt.stats.write?.files ?? [];
    assert.deepEqual(
      written.filter((f) => f.endsWith('.html')),
      [],
      'the fast path wrote the final bytes of the pages',
    );
    assert.ok(
      written.includes('en/docs/guides/upgrade/index.md') && written.includes('en/llms-full.txt'),
      'the Markdown twin and llms-full.txt follow the edit',
    );
    assert.ok(
      written.some((f) => f.startsWith('pagefind/en/')) && !written.some((f) => f.startsWith('pagefind/de/')),
      "the edited page's language's search index follows the edit, the other stays",
    );
    assert.match(await (await fetch(`${base}/en/docs/guides/upgrade/`)).text(), /Return to/);

    const retitled = nextBuild();
    const before = await readFile(file, 'utf8');
    await writeFile(file, before.replace(/^title: .*$/m, 'title: Upgrading safely'));
    const titled = await retitled;
    assert.equal(hot.length, 1, 'a front matter change takes the full build');
    assert.equal(titled.stats.parsed, 1);
    assert.ok(titled.stats.rendered > 1, 'pages served so far whose sidebar shows the title are rendered again');
    assert.ok(
      titled.stats.write?.files.includes('en/docs/guides/install/index.html'),
      'a sibling page shows the new title in its sidebar',
    );
    assert.match(await (await fetch(`${base}/en/docs/guides/install/`)).text(), /Upgrading safely/);

    const broken = nextBuild();
    await writeFile(file, '---\ntitle: Upgrade en\ndescription: x\n---\n\n[gone](/gone/)\n');
    const failed = await broken;
    assert.equal(failed.ok, false);
    assert.match(failed.diagnostics.map((d) => d.message).join(), /link target \/gone\/ does not exist/);
    const response = await fetch(`${base}/en/docs/guides/install/`);
    assert.equal(response.status, 200, 'the server keeps serving');
  } finally {
    await dev.close();
    await dispose();
  }
});

test("an edit to the site's UI strings (i18n/) re-renders the pages of that locale, and only those", async () => {
  const { root, dispose } = await fixtureCopy('basic');
  const { dev, url: base, nextBuild } = await startWatchServer(root);
  // Edits below wait for the builds they start, not for the end of the first.
  await dev.firstBuild;
  try {
    for (const route of ['/en/docs/', '/docs/']) assert.equal((await fetch(`${base}${route}`)).status, 200);
    const file = path.join(root, 'i18n/en.ts');
    const edited = nextBuild();
    await writeFile(file, (await readFile(file, 'utf8')).replace('Write to the fixture', 'Talk to the fixture'));
    const rebuilt = await edited;
    assert.equal(rebuilt.ok, true);
    assert.equal(rebuilt.stats.parsed, 0, 'the Markdown strings did not change');
    // The English page served before and the English not-found page; German ones did not change.
    assert.equal(
      rebuilt.stats.rendered,
      2,
      'the English pages served so far show the navbar button, no German one changed',
    );
    assert.match(await (await fetch(`${base}/en/docs/`)).text(), /<span>Talk to the fixture<\/span>/);
    assert.match(
      await (await fetch(`${base}/en/news/`)).text(),
      /<span>Talk to the fixture<\/span>/,
      'a page asked for later shows it too',
    );
    assert.match(await (await fetch(`${base}/docs/`)).text(), /<span>Schreiben Sie der Fixture<\/span>/);

    const anchors = nextBuild();
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace('nav: {', "docs: { anchor: 'Link to this part' },\n  nav: {"),
    );
    const reparsed = await anchors;
    assert.ok(reparsed.stats.parsed > 0, 'heading anchors are labelled with the Markdown: it is parsed again');
    assert.match(await (await fetch(`${base}/en/docs/guides/install/`)).text(), /aria-label="Link to this part"/);
  } finally {
    await dev.close();
    await dispose();
  }
});

test("an edit to the theme's code (here a site's override of a component) renders every page again with a fresh bundle of the theme", async () => {
  const { root, dispose } = await fixtureCopy('basic');
  try {
    const footer = path.join(root, 'components', 'Footer.tsx');
    const footerSaying = (text: string) =>
      `import { useTheme } from '@theme/context.ts';\nexport function Footer() {\n  const { config } = useTheme();\n  return <footer className="footer">{[config.title, '${text}'].join(': ')}</footer>;\n}\n`;
    await mkdir(path.dirname(footer));
    await writeFile(footer, footerSaying('first draft'));
    await writeFile(
      path.join(root, 'config', 'site.config.ts'),
      "import { base } from './base.ts';\n\nexport default { ...base, components: { Footer: './components/Footer.tsx' } };\n",
    );
    const cache = createCache();
    const serve = (changed?: Set<string>) => runBuild({ root, mode: 'serve', cache, changed });
    const first = await serve();
    assert.equal(first.ok, true, JSON.stringify(first.diagnostics));
    // Pages a dev server has served; the not-found pages are rendered by every build.
    const served = ['/', '/en/', '/docs/guides/install/', '/en/news/'];
    for (const route of served) assert.ok((await renderOnDemand(cache, route)).rendered, route);
    const all = served.length + Object.keys(first.graph!.notFound).length;
    assert.match(
      await readFile(path.join(root, '.serve', 'en', 'news', 'index.html'), 'utf8'),
      /Fixture: first draft<\/footer>/,
    );
    assert.equal((await serve(new Set())).stats.rendered, 0, 'nothing changed, nothing rendered');
    const before = cache.theme?.file;
    assert.ok(before && existsSync(before), 'the theme is rendered from its bundle');
    // What the watcher hands over when the component is saved.
    await writeFile(footer, footerSaying('second draft'));
    const edited = await serve(new Set([footer]));
    assert.equal(edited.ok, true);
    assert.equal(edited.stats.rendered, all, 'every page served shows the footer');
    assert.ok(
      cache.theme?.file && cache.theme.file !== before && existsSync(cache.theme.file),
      'rendered with a bundle made after the edit',
    );
    assert.match(
      await readFile(path.join(root, '.serve', 'en', 'news', 'index.html'), 'utf8'),
      /Fixture: second draft<\/footer>/,
    );
    assert.equal((await serve(new Set())).stats.rendered, 0);
  } finally {
    await dispose();
  }
});
