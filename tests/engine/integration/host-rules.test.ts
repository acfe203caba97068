// The site's own public/_headers and public/_redirects, as both servers apply them: site start and
// nginx with the build's include send the site's headers for every path and follow its redirects
// before the build's, and neither sends the rules themselves (`/_headers`, `/_redirects`,
// `/nginx.conf`). A rule no server can send is refused by the build (tests/fixtures/broken/host-rule);
// a build made before that, given to site start, has such a rule logged and left out: the server
// answers every other request, /healthz included, and a redirect with a control character is no
// redirect rather than a 500. A path with an escape (`/%64ocs/index.html`) is redirected to the
// page by nginx too, its escape not escaped again.
import assert from 'node:assert/strict';
import { realpathSync } from 'node:fs';
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { formatDiagnostic, runBuild } from '../../../generator/build/build.ts';
import { DEFAULT_SETTINGS } from '../../../server/backend-config.ts';
import { type ProductionServer, startProductionServer } from '../../../server/main.ts';
import { fixtureCopy } from '../../helpers.ts';
import { get, type RunningNginx, startNginx } from '../../nginx.ts';

let site: { root: string; dispose: () => Promise<void> };
let dir: string;
let start: ProductionServer;
let dataDir: string;
let nginx: RunningNginx;
const logged: string[] = [];

before(async () => {
  site = await fixtureCopy('basic');
  await writeFile(
    path.join(site.root, 'public', '_headers'),
    '/*\n  X-Robots-Tag: noindex\n  X-Frame-Options: SAMEORIGIN\n',
  );
  await writeFile(path.join(site.root, 'public', '_redirects'), '# moved by hand\n/moved/ /docs/ 301\n/über/ /docs/\n');
  const result = await runBuild({ root: site.root, mode: 'build' });
  assert.ok(result.ok, result.diagnostics.map(formatDiagnostic).join('\n'));
  dir = realpathSync(path.join(site.root, 'build'));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-host-rules-'));
  start = await startProductionServer({
    root: site.root,
    dir: 'build',
    host: '127.0.0.1',
    port: 0,
    settings: { ...DEFAULT_SETTINGS, rateLimit: false, revealRateLimit: false, dataDir },
    log: { log: () => undefined, error: (...args: unknown[]) => void logged.push(args.join(' ')) },
  });
  nginx = await startNginx({ root: dir, include: path.join(dir, 'nginx.conf'), probe: '/' });
});

after(async () => {
  await nginx?.stop();
  await start?.close(1000);
  await rm(dataDir, { recursive: true, force: true });
  await site?.dispose();
});

const HEADERS = ['location', 'x-robots-tag', 'x-frame-options', 'content-type'];

test("both servers send the site's own headers and follow its own redirects, and never send the rules", async () => {
  const expected: [string, number, string | undefined][] = [
    ['/', 200, undefined],
    ['/moved/', 301, '/docs/'],
    ['/moved', 301, '/docs/'],
    ['/%C3%BCber/', 301, '/docs/'],
    ['/_headers', 404, undefined],
    ['/_redirects', 404, undefined],
    ['/nginx.conf', 404, undefined],
    ['/nginx-redirects.conf', 404, undefined],
  ];
  for (const [server, base] of [
    ['site start', start.url],
    ['nginx', nginx.url],
  ] as const)
    for (const [pathname, status, location] of expected) {
      const answer = await get(base, pathname, {}, HEADERS);
      assert.deepEqual(
        [answer.status, answer.headers.location, answer.headers['x-robots-tag'], answer.headers['x-frame-options']],
        [status, location, 'noindex', 'SAMEORIGIN'],
        `${server} ${pathname}`,
      );
    }
  assert.deepEqual(nginx.warnings, []);
});

test("a page's index.html asked for with an encoded letter leads to the page on both servers, not to its escape escaped again", async () => {
  for (const base of [start.url, nginx.url]) {
    const moved = await get(base, '/%64ocs/index.html?x=1', {}, ['location']);
    assert.equal(moved.status, 301, base);
    assert.match(moved.headers.location ?? '', /^\/(docs|%64ocs)\/\?x=1$/, base);
    assert.equal((await get(base, moved.headers.location!, {}, [])).status, 200, `${base} ${moved.headers.location}`);
  }
});

test('site start given a build with a header or redirect no server can send leaves that rule out, logs it, and answers on', async () => {
  await appendFile(path.join(dir, '_headers'), '/*\n  X Broken: yes\n  X-Note: one\u0001two\n  X-Kept: yes\n');
  await appendFile(path.join(dir, '_redirects'), '/gone/ /new/\u0001page/ 301\n');
  start.reload();
  for (const pathname of ['/healthz', '/', '/docs/', '/gone/', '/healthz']) {
    const answer = await get(start.url, pathname, {}, ['x-kept', 'x-note']);
    assert.ok(answer.status < 500, `${pathname}: ${answer.status}`);
    if (pathname !== '/healthz') assert.equal(answer.headers['x-kept'], 'yes', pathname);
    assert.equal(answer.headers['x-note'], undefined);
  }
  assert.equal((await get(start.url, '/gone/', {}, [])).status, 404);
  const lines = logged.join('\n');
  assert.match(lines, /_headers:\d+: the header name "X Broken" holds a space; that rule is left out/);
  assert.match(lines, /_headers:\d+: the value of X-Note holds U\+0001/);
  assert.match(lines, /_redirects:\d+: the rule holds U\+0001/);
});
