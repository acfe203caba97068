// URLs that vanish: every build writes _routes.json, and `site check --baseline` fails for every
// route of yesterday's manifest or sitemap that is now neither a page nor a redirect.

import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { runCheck } from '../../../bin/check.ts';
import { formatDiagnostic, runBuild } from '../../../generator/build/build.ts';
import { DIAGNOSTIC_RULES } from '../../../generator/diagnostics/diagnostic-rules.ts';
import type { RouteManifest } from '../../../generator/validate/route-manifest.ts';
import { fixtureCopy } from '../../helpers.ts';

/**
 * Yesterday's build: the fixture as it is, built once for both tests (each edits its own copy of
 * the sources, never this build). It publishes out/ as a link beside its generations: both inside
 * one temporary folder.
 */
let temp: string;
let out: string;
let built: Awaited<ReturnType<typeof runBuild>>;
before(async () => {
  const { root, dispose } = await fixtureCopy('basic');
  temp = await mkdtemp(path.join(os.tmpdir(), 'site-routes-'));
  out = path.join(temp, 'build');
  try {
    built = await runBuild({ root, mode: 'build', outDir: out });
  } finally {
    await dispose();
  }
});
after(() => rm(temp, { recursive: true, force: true }));

/** The fixture with its upgrade guide renamed (same title), nothing else changed. */
async function renameUpgradeGuide(root: string, name: string): Promise<void> {
  for (const locale of ['de', 'en']) {
    const dir = path.join(root, 'content', locale, 'docs', 'guides');
    await rename(path.join(dir, 'upgrade.md'), path.join(dir, `${name}.md`));
    const install = path.join(dir, 'install.md');
    await writeFile(
      install,
      (await readFile(install, 'utf8')).replace('/docs/guides/upgrade/', `/docs/guides/${name}/`),
    );
  }
}

test('a route of the baseline manifest that vanished without a redirect fails the check, naming its successor', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  try {
    assert.equal(built.ok, true);
    const manifest = JSON.parse(await readFile(path.join(out, '_routes.json'), 'utf8')) as RouteManifest;
    assert.deepEqual(
      manifest.pages.map((p) => p.route).sort(),
      Object.keys(built.graph!.pages).sort(),
      'every page is in the manifest',
    );
    assert.ok(manifest.pages.some((p) => p.route === '/en/docs/guides/upgrade/' && p.title === 'Upgrade en'));
    assert.ok(
      manifest.redirects.some((r) => r.from === '/old/' && r.to === '/docs/'),
      'redirect sources too',
    );
    const baseline = path.join(out, '_routes.json');

    assert.equal((await runCheck(root, { baseline })).ok, true, 'nothing vanished yet');

    await renameUpgradeGuide(root, 'updating');
    const result = await runCheck(root, { baseline });
    assert.equal(result.ok, false);
    const removed = result.diagnostics.filter((d) => d.rule === 'route-removed');
    // Redirects of the config apply in every locale, each with its prefix: both routes ask for the
    // same one, written without /en.
    const hint =
      "add { from: '/docs/guides/upgrade/', to: '/docs/guides/updating/' } to the config's redirects (it applies in every locale, each with its prefix), or restore the page";
    assert.deepEqual(removed.map(formatDiagnostic), [
      `${baseline}  /docs/guides/upgrade/ was served by the baseline and is neither a page nor a redirect now (likely successor: /docs/guides/updating/) (${hint})  [route-removed]`,
      `${baseline}  /en/docs/guides/upgrade/ was served by the baseline and is neither a page nor a redirect now (likely successor: /en/docs/guides/updating/) (${hint})  [route-removed]`,
    ]);

    // The redirect the check suggests, added as printed, makes the whole check pass.
    const suggested = new Set(removed.map((d) => /^add (\{ from: '[^']+', to: '[^']+' \})/.exec(d.hint ?? '')?.[1]));
    assert.deepEqual([...suggested], ["{ from: '/docs/guides/upgrade/', to: '/docs/guides/updating/' }"]);
    await writeFile(
      path.join(root, 'config', 'site.config.ts'),
      `import { base } from './base.ts';\n\nexport default { ...base, redirects: [...base.redirects, ${[...suggested].join(', ')}] };\n`,
    );
    const fixed = await runCheck(root, { baseline });
    assert.deepEqual(fixed.diagnostics.map(formatDiagnostic), []);
    assert.equal(fixed.ok, true);
  } finally {
    await dispose();
  }
});

test('the baseline may be a deployed sitemap.xml or manifest fetched by URL; an unreadable one is named', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  const server = http.createServer(async (req, res) => {
    const file = path.join(out, (req.url ?? '/').slice(1));
    try {
      res.end(await readFile(file));
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    assert.equal(built.ok, true);
    const deployed = await mkdtemp(path.join(os.tmpdir(), 'site-routes-deployed-'));
    await cp(out, deployed, { recursive: true, dereference: true });
    // A sitemap has no titles: the successor is found by its name, a slip away beside the old one.
    await renameUpgradeGuide(root, 'upgrades');

    const bySitemap = await runCheck(root, { baseline: path.join(deployed, 'sitemap.xml') });
    assert.deepEqual(
      bySitemap.diagnostics.filter((d) => d.rule === 'route-removed').map((d) => d.message),
      [
        '/docs/guides/upgrade/ was served by the baseline and is neither a page nor a redirect now (likely successor: /docs/guides/upgrades/)',
        '/en/docs/guides/upgrade/ was served by the baseline and is neither a page nor a redirect now (likely successor: /en/docs/guides/upgrades/)',
      ],
    );
    const byUrl = await runCheck(root, { baseline: `${origin}/_routes.json` });
    assert.equal(byUrl.diagnostics.filter((d) => d.rule === 'route-removed').length, 2);

    const missing = await runCheck(root, { baseline: `${origin}/nothing.json` });
    assert.equal(missing.ok, false);
    assert.match(formatDiagnostic(missing.diagnostics[0]), /the baseline could not be read: .*answered 404/);
    await writeFile(path.join(deployed, 'other.json'), '{"routes": []}');
    const wrong = await runCheck(root, { baseline: path.join(deployed, 'other.json') });
    assert.match(
      wrong.diagnostics.map(formatDiagnostic).join('\n'),
      /the baseline cannot be used: it has no "pages" list/,
    );
    await rm(deployed, { recursive: true, force: true });
  } finally {
    server.close();
    await dispose();
  }
});

test('an English page removed while its German one stays: the check says to restore it, as a redirect would hide the German page', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  try {
    assert.equal(built.ok, true);
    await rm(path.join(root, 'content/en/docs/reference/hidden.md'));
    const result = await runCheck(root, { baseline: path.join(out, '_routes.json') });
    const removed = result.diagnostics.filter((d) => d.rule === 'route-removed');
    assert.deepEqual(
      removed.map((d) => d.message),
      ['/en/docs/reference/hidden/ was served by the baseline and is neither a page nor a redirect now'],
    );
    assert.equal(
      removed[0].hint,
      'restore the page: a redirect applies in every locale, and would hide /docs/reference/hidden/, which is still a page',
    );
  } finally {
    await dispose();
  }
});

test('site explain route-removed shows the fix as the config reads it: a redirect without a locale prefix', () => {
  const { fix } = DIAGNOSTIC_RULES['route-removed'].example;
  for (const [, from, to] of fix.matchAll(/from: '([^']+)', to: '([^']+)'/g))
    for (const route of [from, to]) assert.doesNotMatch(route, /^\/en\//, fix);
});
