// A theme edited under `site serve --watch` that does not compile is a problem at its file, line and
// column (shown in the terminal and the browser's overlay), not a crash with a stack trace. The
// config's theme, component overrides and fonts are found, or named with the fix.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { formatDiagnostic } from '../../../generator/build/build.ts';
import { bundleFailure } from '../../../generator/config/config-file.ts';
import { designCss } from '../../../generator/config/design-css.ts';
import { resolveFonts } from '../../../generator/config/design-fonts.ts';
import { designSchema } from '../../../generator/config/design-schema.ts';
import { diagnosis } from '../../../generator/diagnostics/diagnostic-rules.ts';
import {
  BUILT_IN_THEME,
  BUILT_IN_THEME_DIR,
  bundleTheme,
  componentNames,
  resolveTheme,
  themeAt,
} from '../../../generator/theming/theme-loader.ts';
import { REPO } from '../../helpers.ts';

const KINDS = ['doc', 'category', 'post', 'post-list', 'archive', 'tags', 'authors', 'not-found'];

test('a theme module with a syntax error is reported at its line and column; the fixed module bundles', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-theme-'));
  try {
    const entry = path.join(dir, 'index.tsx');
    await writeFile(entry, "export default {\n  colorModeScript: () => 'light',\n  pages: () => 'page' +,\n};\n");
    const error = await bundleTheme(dir, { dir, entry, overrides: {} }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error, 'the broken module bundled');
    const diagnostic = bundleFailure(dir, error, 'theme/index.ts', (cause) => diagnosis('theme', 'server', { cause }));
    assert.equal(diagnostic.file, 'index.tsx');
    assert.equal(diagnostic.line, 3);
    assert.ok(diagnostic.column! > 1);
    assert.match(formatDiagnostic(diagnostic), /^index\.tsx:3:\d+ {2}The theme does not compile: .+ {2}\[theme\]$/);
    assert.doesNotMatch(formatDiagnostic(diagnostic), /\n\s+at /, 'no stack trace');

    await writeFile(
      entry,
      `const kinds = ${JSON.stringify(KINDS)};\nexport default {\n  colorModeScript: () => 'light',\n  strings: { en: {} },\n  files: { client: 'c.ts', styles: 's.css', islands: 'islands' },\n  pages: Object.fromEntries(kinds.map((k) => [k, () => 'fixed'])),\n  layouts: { home: () => 'home' },\n};\n`,
    );
    const theme = await themeAt(await bundleTheme(dir, { dir, entry, overrides: {} }));
    assert.equal(theme.colorModeScript({} as never), 'light');
    assert.equal(theme.pages.doc({} as never), 'fixed');
    assert.equal(theme.layouts.home({} as never), 'home');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a theme that does not give what the contract asks is refused, naming what is missing', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-theme-'));
  try {
    const entry = path.join(dir, 'index.ts');
    await writeFile(entry, "export default { colorModeScript: () => '', pages: { doc: () => '' } };\n");
    await assert.rejects(themeAt(await bundleTheme(dir, { dir, entry, overrides: {} })), (error: Error) => {
      assert.match(error.message, /the theme gives no files, pages\['category'\]/);
      assert.match(error.message, /pages\['not-found'\], layouts, strings:/);
      assert.match(error.message, /generator\/theming\/theme-contract\.ts/);
      return true;
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a theme package is found from the site's folder and loaded by its entry", async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'site-theme-package-'));
  try {
    const dir = path.join(root, 'node_modules', 'acme-site-theme');
    await mkdir(path.join(dir, 'src'), { recursive: true });
    await writeFile(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: 'acme-site-theme', type: 'module', exports: './src/index.ts' }),
    );
    // A theme that takes the built-in one and replaces one page kind.
    await writeFile(
      path.join(dir, 'src', 'index.ts'),
      `import builtIn from ${JSON.stringify(path.join(BUILT_IN_THEME_DIR, 'index.ts'))};\nexport default { ...builtIn, pages: { ...builtIn.pages, 'not-found': () => 'gone' } };\n`,
    );
    const { theme, diagnostics } = resolveTheme(root, { theme: 'acme-site-theme', components: {} });
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(theme, { dir, entry: path.join(dir, 'src', 'index.ts'), overrides: {} });
    const loaded = await themeAt(await bundleTheme(root, theme!));
    assert.equal(loaded.pages['not-found']({} as never), 'gone');
    assert.equal(loaded.files.client, 'client/index.ts');
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('the config names a theme folder, a package or nothing, and overrides components by name; mistakes name the key and the fix', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'site-theme-root-'));
  try {
    await mkdir(path.join(root, 'my-theme'));
    await writeFile(path.join(root, 'my-theme', 'index.tsx'), 'export default {};\n');
    await mkdir(path.join(root, 'components'));
    await writeFile(path.join(root, 'components', 'Footer.tsx'), 'export function Footer() { return null; }\n');

    const builtIn = resolveTheme(root, { components: {} });
    assert.deepEqual(builtIn, { theme: BUILT_IN_THEME, diagnostics: [] });
    const own = resolveTheme(root, { theme: './my-theme', components: {} });
    assert.deepEqual(own.theme, {
      dir: path.join(root, 'my-theme'),
      entry: path.join(root, 'my-theme', 'index.tsx'),
      overrides: {},
    });

    const overridden = resolveTheme(root, { components: { Footer: './components/Footer.tsx' } });
    assert.deepEqual(overridden.theme?.overrides, { Footer: path.join(root, 'components', 'Footer.tsx') });
    assert.ok(componentNames(BUILT_IN_THEME_DIR).has('HomePage'), 'pages are components too');
    // A name stands for one file: two components of one name could not be told apart.
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(path.join(dir, e.name)) : /^[A-Z]\w*\.tsx$/.test(e.name) ? [e.name] : [],
      );
    assert.equal(
      componentNames(BUILT_IN_THEME_DIR).size,
      files(BUILT_IN_THEME_DIR).length,
      'two components of the built-in theme share a name',
    );
    // The list in docs/theme.md of the names a site can override is the theme's.
    const doc = readFileSync(path.join(REPO, 'docs/theme.md'), 'utf8');
    const section = doc.slice(
      doc.indexOf('## Overriding one component'),
      doc.indexOf('\n## ', doc.indexOf('## Overriding one component') + 1),
    );
    const listed = new Set(
      [...section.matchAll(/^\| `\w+\/` \| (.+) \|$/gm)].flatMap((m) =>
        [...m[1].replace(/\([^)]*\)/g, '').matchAll(/`(\w+)`/g)].map((n) => n[1]),
      ),
    );
    assert.deepEqual([...listed].sort(), [...componentNames(BUILT_IN_THEME_DIR).keys()].sort());

    const messages = (config: Parameters<typeof resolveTheme>[1]) =>
      resolveTheme(root, config).diagnostics.map((d) => `${d.file}: ${d.message} (${d.hint})`);
    assert.deepEqual(messages({ components: { Fotter: './components/Footer.tsx' } }), [
      `config/site.config.ts: components.Fotter: the theme has no component Fotter; did you mean "Footer"? (the theme's components are ${[...componentNames(BUILT_IN_THEME_DIR).keys()].sort().join(', ')})`,
    ]);
    assert.match(
      messages({ components: { Footer: './components/Missing.tsx' } })[0],
      /^config\/site\.config\.ts: components\.Footer: \.\/components\/Missing\.tsx does not exist/,
    );
    // With the config's files, the problem points at the line that writes the key.
    const configFiles = [
      {
        id: 'config/site.config.ts',
        raw: "export default {\n  title: 'X',\n  components: {\n    Fotter: './components/Footer.tsx',\n  },\n};\n",
      },
    ];
    const located = resolveTheme(root, { components: { Fotter: './components/Footer.tsx' } }, configFiles)
      .diagnostics[0];
    assert.deepEqual([located.file, located.line, located.column], ['config/site.config.ts', 4, 5]);
    assert.match(messages({ theme: './nowhere', components: {} })[0], /theme "\.\/nowhere": no such folder at nowhere/);
    assert.match(
      messages({ theme: 'site-theme-not-installed', components: {} })[0],
      /theme "site-theme-not-installed": the package is not installed \(run `npm install site-theme-not-installed`/,
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('fonts come from an @fontsource package or public/; a missing package or weight is named with the fix', () => {
  const design = (sans: object) => designSchema.parse({ fonts: { sans } });
  const inter = resolveFonts(REPO, design({ family: 'Inter', package: '@fontsource/inter', weights: [400, 700] }));
  assert.deepEqual(inter.diagnostics, []);
  assert.deepEqual(
    inter.faces.sans?.map((f) => `${f.family} ${f.weight} ${path.basename(f.file)}`),
    ['Inter 400 inter-latin-400-normal.woff2', 'Inter 700 inter-latin-700-normal.woff2'],
  );
  // The cards take the WOFF files (fontconfig reads no WOFF2), Latin and Latin Extended.
  assert.deepEqual(
    inter.card.semibold?.map((f) => path.basename(f)),
    ['inter-latin-700-normal.woff', 'inter-latin-ext-700-normal.woff'],
  );
  const css = designCss(design({ family: 'Inter', package: '@fontsource/inter', weights: [400] }), inter);
  assert.match(css, /--font-sans:"Inter",system-ui,sans-serif/);

  const missing = resolveFonts(REPO, design({ family: 'Nope', package: '@fontsource/nope-not-installed' }));
  assert.match(
    missing.diagnostics[0].message,
    /^design\.fonts\.sans: the package @fontsource\/nope-not-installed is not installed$/,
  );
  assert.match(missing.diagnostics[0].hint!, /npm install @fontsource\/nope-not-installed/);
  const weight = resolveFonts(REPO, design({ family: 'Inter', package: '@fontsource/inter', weights: [450] }));
  assert.match(
    weight.diagnostics[0].message,
    /@fontsource\/inter has no latin file of weight 450 \(files\/inter-latin-450-normal\.woff2\)/,
  );
  const file = resolveFonts(REPO, design({ family: 'Own', files: { 400: '/fonts/own.woff2' } }));
  assert.match(file.diagnostics[0].message, /design\.fonts\.sans: \/fonts\/own\.woff2 is not a file of public\//);
});

test('the built-in theme names as its tokens exactly the colours its stylesheet sets per mode', async () => {
  const theme = await themeAt(await bundleTheme(REPO, BUILT_IN_THEME));
  const css = readFileSync(path.join(BUILT_IN_THEME_DIR, 'styles', 'tokens.css'), 'utf8');
  for (const mode of ['dark', 'light']) {
    const block = new RegExp(`\\[data-theme="${mode}"\\] \\{([^}]*)\\}`).exec(css)![1];
    assert.deepEqual(
      [...block.matchAll(/--([\w-]+):/g)].map((m) => m[1]),
      [...theme.tokens!],
      mode,
    );
  }
});
