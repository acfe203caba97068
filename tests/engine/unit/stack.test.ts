// The stack the site's owners chose (the design contract's list): each package is a runtime
// dependency of the engine and is imported by the code that does its job, so none is replaced by
// hand-written code or its lower-level pieces without this test saying so. TypeScript is the
// language the engine is written in (checked by `npm run typecheck`, run by tsx and esbuild), not a
// package the build calls.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { REPO } from '../../helpers.ts';

/** Each package of the stack with the file that must use it for its job. */
const STACK: Record<string, string> = {
  unified: 'generator/markdown/markdown.ts',
  'remark-parse': 'generator/markdown/markdown.ts',
  'remark-rehype': 'generator/markdown/markdown.ts',
  'rehype-stringify': 'generator/markdown/markdown.ts',
  'rehype-autolink-headings': 'generator/markdown/markdown.ts',
  'gray-matter': 'generator/content/frontmatter.ts',
  react: 'theme/render.tsx',
  'react-dom': 'theme/render.tsx',
  chokidar: 'generator/dev/serve.ts',
  esbuild: 'generator/bundle/esbuild-module.ts',
  feed: 'generator/extras/feeds.ts',
  sitemap: 'generator/extras/sitemap.ts',
  commander: 'bin/cli.ts',
};

const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** The packages a source file imports (static, dynamic and re-exports), by name. */
function packagesOf(file: string): Set<string> {
  const source = readFileSync(path.join(REPO, file), 'utf8');
  const names = new Set<string>();
  for (const m of source.matchAll(/(?:\bfrom|\bimport\s*\(|^import)\s*['"]([^'"./][^'"]*)['"]/gm)) {
    const spec = m[1];
    names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
  }
  return names;
}

test('every package of the chosen stack is a runtime dependency, imported where its job is done', () => {
  const missing = Object.keys(STACK).filter((name) => !pkg.dependencies[name]);
  assert.deepEqual(missing, [], 'in package.json, but not as runtime dependencies');
  const unused = Object.entries(STACK)
    .filter(([name, file]) => !packagesOf(file).has(name))
    .map(([name, file]) => `${name} (${file})`);
  assert.deepEqual(unused, [], 'not imported by the file that does its job');
});

test('the Markdown stage parses with remark-parse: no module calls the parser beneath it', () => {
  const sources = (dir: string): string[] =>
    readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? sources(`${dir}/${e.name}`) : /\.tsx?$/.test(e.name) ? [`${dir}/${e.name}`] : [],
    );
  // A type from the package (an extension's shape) is fine; its parser, called, is not.
  const callsParser = /^import\s+(?!type\b)[^;]*from\s+'mdast-util-from-markdown'/m;
  const direct = ['generator', 'bin', 'server', 'theme']
    .flatMap(sources)
    .filter((file) => callsParser.test(readFileSync(path.join(REPO, file), 'utf8')));
  assert.deepEqual(direct, []);
});
