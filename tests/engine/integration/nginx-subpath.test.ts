// The nginx include of a site built with `baseUrl: '/docs/'`, as docs/deployment.md says to deploy it: the
// build placed at `docs/` below the server block's root. For pages, redirects, `/x` and
// `/x/index.html`, precompressed files, hashed assets and the 404s of both locales, nginx answers
// as `site start` does (status, Location, type, encoding, caching, bytes).

import assert from 'node:assert/strict';
import { readdirSync, realpathSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { formatDiagnostic, runBuild } from '../../../generator/build/build.ts';
import { fixtureCopy } from '../../helpers.ts';
import { type Answer, get as getAs, type RunningNginx, startNginx } from '../../nginx.ts';
import { type RunningServer, startServer } from './contact-helpers.ts';

let fixture: { root: string; dispose: () => Promise<void> };
let dir: string;
let start: RunningServer;
let nginx: RunningNginx | undefined;
let nginxUrl: string;
let www: string;

before(async () => {
  fixture = await fixtureCopy('basic');
  await writeFile(
    path.join(fixture.root, 'config/site.config.ts'),
    "import { base } from './base.ts';\n\nexport default { ...base, baseUrl: '/docs/' };\n",
  );
  dir = path.join(fixture.root, 'build');
  const result = await runBuild({ root: fixture.root, mode: 'build', outDir: dir });
  if (!result.ok) throw new Error(`the fixture did not build:\n${result.diagnostics.map(formatDiagnostic).join('\n')}`);
  start = await startServer({ root: fixture.root, dir });
  // The server block's root holds the build at docs/, as docs/deployment.md says to deploy it.
  www = await mkdtemp(path.join(os.tmpdir(), 'site-nginx-www-'));
  await mkdir(path.join(www, 'srv'));
  await symlink(realpathSync(dir), path.join(www, 'srv', 'docs'));
  nginx = await startNginx({
    root: path.join(www, 'srv'),
    include: path.join(realpathSync(dir), 'nginx.conf'),
    probe: '/docs/',
  });
  nginxUrl = nginx.url;
});

after(async () => {
  await nginx?.stop();
  await start?.stop();
  await fixture?.dispose();
  if (www) await rm(www, { recursive: true, force: true });
});

const COMPARED = [
  'location',
  'content-type',
  'content-encoding',
  'cache-control',
  'content-length',
  'content-security-policy',
];
const get = (base: string, pathname: string, headers: Record<string, string>): Promise<Answer> =>
  getAs(base, pathname, headers, COMPARED);

test('nginx with the include of a build under /docs/ answers as site start does', async () => {
  const asset = (ext: string) => `/docs/assets/${readdirSync(path.join(dir, 'assets')).find((f) => f.endsWith(ext))}`;
  const list = [
    '/docs',
    '/docs/',
    '/docs/en/',
    '/docs/docs/',
    '/docs/docs',
    '/docs/en/docs/index.html?x=1',
    '/docs/old/',
    '/docs/old',
    '/docs/en/old/?utm=1',
    '/docs/nope/',
    '/docs/en/nope/',
    asset('.css'),
    asset('.js'),
    '/docs/sitemap.xml',
    '/docs/en/docs/index.md',
    '/docs/404.html',
  ];
  const differences: string[] = [];
  for (const pathname of list) {
    for (const encoding of [{ 'accept-encoding': 'br, gzip' }, {}] as Record<string, string>[]) {
      const [ours, theirs] = await Promise.all([get(start.url, pathname, encoding), get(nginxUrl, pathname, encoding)]);
      const label = `${pathname} (${encoding['accept-encoding'] ?? 'identity'})`;
      if (ours.status !== theirs.status)
        differences.push(`${label}: status ${ours.status} from site start, ${theirs.status} from nginx`);
      for (const h of COMPARED) {
        if (ours.status === 301 && (h === 'content-type' || h === 'content-length')) continue;
        if (ours.headers[h] !== theirs.headers[h])
          differences.push(`${label}: ${h}: "${ours.headers[h]}" from site start, "${theirs.headers[h]}" from nginx`);
      }
      if ((ours.status === 200 || ours.status === 404) && !ours.body.equals(theirs.body))
        differences.push(`${label}: the bodies differ`);
    }
  }
  assert.deepEqual(differences, []);
  const moved = await get(nginxUrl, '/docs/old/', {});
  assert.deepEqual([moved.status, moved.headers.location], [301, '/docs/docs/']);
  const missing = await get(nginxUrl, '/docs/en/nope/', {});
  assert.equal(missing.status, 404);
  assert.match(missing.body.toString(), /<html lang="en"/);
});
