// The dependency rule, read from the imports of every source file with TypeScript's parser:
//
//   bin ──► generator ─ ─ ► theme/ (never imported: loaded through the theme contract,
//    │                      generator/theming/theme-contract.ts, by the path the config names)
//    └───► server ─ ─ ► theme/ (never imported: its forms and analytics events come through the
//                      contract, from the build's _server/)    theme ──► generator (types only)
//   server ──► generator: types, the loading of the config and the UI strings, the script hash
//   generator/: a folder per stage; no import circle, type-only ones included, crosses a folder
//   everything ──► common/ (no Node, imports nothing outside itself)
//   theme/client/ and whatever it reaches: theme/ and common/ only, no Node module

import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { type Node, type SourceFile, SyntaxKind } from 'typescript/unstable/ast';
import * as is from 'typescript/unstable/ast/is';
import { API } from 'typescript/unstable/sync';
import { REPO } from '../../helpers.ts';

interface Import {
  from: string;
  /** Repository-relative target for a relative import; the bare specifier otherwise. */
  to: string;
  typeOnly: boolean;
}

const SOURCE = /\.(ts|tsx|js)$/;
const FOLDERS = ['bin', 'generator', 'server', 'theme', 'common', 'config', 'i18n'];

function files(dir: string): string[] {
  return readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return files(rel);
    return SOURCE.test(entry.name) ? [rel] : [];
  });
}

/** Dynamic imports whose specifier is computed, each for a file or URL made at run time rather
 * than a source file of the project; any other computed specifier fails the test below, as it
 * would hide an import from these rules. */
const COMPUTED_IMPORTS: Record<string, string> = {
  'generator/config/config-file.ts': 'the config as bundled into .cache/',
  'generator/theming/theme-loader.ts': 'the theme as bundled into .cache/: the theme contract',
  'theme/client/navigation/apply.ts': "an island's script, by the URL the page names",
  'theme/client/search/engine.ts': "Pagefind's module in the built site",
  'bin/site.js': 'the CLI as bundled into .cache/',
  'bin/api.js': 'the programmatic API as bundled into .cache/',
  'server/build-manifest.ts': "the forms' server render the build wrote (_server/forms.mjs)",
  'generator/extras/server-manifest.ts':
    "the theme's forms as bundled into .cache/ for the build, which site serve renders with too",
};

/** Every file's syntax tree, from TypeScript's own parser (its API, run on a program of exactly
 * these files: no resolving, no library, nothing type-checked). */
function syntaxTrees(list: string[], root = REPO): Map<string, SourceFile> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-layers-'));
  const config = path.join(dir, 'tsconfig.json');
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: { allowJs: true, noResolve: true, noLib: true, types: [], jsx: 'react-jsx', noEmit: true },
      files: list.map((f) => path.join(root, f)),
    }),
  );
  const api = new API({ cwd: root });
  try {
    const program = api.updateSnapshot({ openProjects: [config] }).getProject(config)!.program;
    return new Map(
      list.map((file) => {
        const tree = program.getSourceFile(path.join(root, file));
        if (!tree) throw new Error(`TypeScript did not parse ${file}`);
        return [file, tree];
      }),
    );
  } finally {
    api.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every import of a file: import and export declarations, `import()` calls, `require()` calls
 * and `import('…')` types. A dynamic import whose specifier is not a string (a template with
 * `${}`, a variable) is reported with `to: '<computed>'`. */
function importsOf(file: string, tree: SourceFile): Import[] {
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const to = specifier.startsWith('.')
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
      : specifier;
    found.push({ from: file, to, typeOnly });
  };
  const literal = (node: Node | undefined) =>
    node && (is.isStringLiteral(node) || is.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
  const visit = (node: Node): void => {
    if (is.isImportDeclaration(node)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typeOnly = Boolean(
        clause &&
          (clause.phaseModifier === SyntaxKind.TypeKeyword ||
            (!clause.name &&
              bindings &&
              is.isNamedImports(bindings) &&
              bindings.elements.length > 0 &&
              bindings.elements.every((e) => e.isTypeOnly))),
      );
      add(literal(node.moduleSpecifier)!, typeOnly);
    } else if (is.isExportDeclaration(node) && node.moduleSpecifier) {
      const clause = node.exportClause;
      add(
        literal(node.moduleSpecifier)!,
        node.isTypeOnly ||
          Boolean(
            clause &&
              is.isNamedExports(clause) &&
              clause.elements.length > 0 &&
              clause.elements.every((e) => e.isTypeOnly),
          ),
      );
    } else if (is.isImportEqualsDeclaration(node) && is.isExternalModuleReference(node.moduleReference)) {
      add(literal(node.moduleReference.expression) ?? '<computed>', node.isTypeOnly);
    } else if (is.isImportTypeNode(node) && is.isLiteralTypeNode(node.argument)) {
      const specifier = literal(node.argument.literal);
      if (specifier) add(specifier, true);
    } else if (
      is.isCallExpression(node) &&
      (node.expression.kind === SyntaxKind.ImportKeyword ||
        (is.isIdentifier(node.expression) && node.expression.text === 'require'))
    ) {
      const specifier = literal(node.arguments[0]);
      if (specifier) add(specifier, false);
      else found.push({ from: file, to: '<computed>', typeOnly: false });
    }
    node.forEachChild(visit);
  };
  visit(tree);
  return found;
}

const sources = FOLDERS.flatMap(files);
const trees = syntaxTrees(sources);
const all = sources.flatMap((file) => importsOf(file, trees.get(file)!));
const local = all.filter((i) => FOLDERS.some((f) => i.to.startsWith(`${f}/`)));
const top = (file: string) => (file.startsWith('theme/client/') ? 'theme/client' : file.split('/')[0]);
const isNode = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(specifier);
const show = (list: Import[]) => list.map((i) => `${i.from} -> ${i.to}${i.typeOnly ? ' (type)' : ''}`);

test('the imports are found (the rules below are not vacuous)', () => {
  assert.ok(local.length > 300, `only ${local.length} imports between the folders' files`);
  assert.ok(
    local.some((i) => i.from.startsWith('server/') && i.to === 'generator/theming/theme-contract.ts' && i.typeOnly),
  );
  assert.ok(
    local.some((i) => i.from === 'theme/index.ts' && i.to === 'generator/theming/theme-contract.ts' && i.typeOnly),
  );
  assert.ok(all.some((i) => i.from.startsWith('server/') && isNode(i.to)));
  // Dynamic imports, `typeof import()` types and re-exports are read too.
  assert.ok(
    local.some((i) => i.from === 'generator/build/worker.ts' && i.to === 'generator/render/render.ts' && !i.typeOnly),
  );
  assert.ok(
    local.some(
      (i) => i.from === 'generator/build/worker.ts' && i.to === 'generator/theming/theme-loader.ts' && i.typeOnly,
    ),
  );
});

test('the parser finds what a pattern over the text would miss, and tells type imports from value imports', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-layers-probe-'));
  try {
    const code = [
      "import type { A } from './types.ts';",
      "import { type B, c } from './mixed.ts';",
      "export { type D } from './reexported.ts';",
      'const page = await import(`../theme/${name}.tsx`);',
      "const later = () => import(\n  './split.ts'\n);",
      "type E = typeof import('./typed.ts');",
      "// import { f } from './commented.ts';",
      'const text = "import { g } from \'./quoted.ts\'";',
    ].join('\n');
    writeFileSync(path.join(dir, 'probe.ts'), code);
    const found = importsOf('generator/probe.ts', syntaxTrees(['probe.ts'], dir).get('probe.ts')!);
    assert.deepEqual(
      found.map((i) => `${i.to}${i.typeOnly ? ' (type)' : ''}`),
      [
        'generator/types.ts (type)',
        'generator/mixed.ts',
        'generator/reexported.ts (type)',
        '<computed>',
        'generator/split.ts',
        'generator/typed.ts (type)',
      ],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a dynamic import is of a string, so the rules see it, or of a file made at run time (listed with why)', () => {
  const computed = all.filter((i) => i.to === '<computed>');
  assert.deepEqual(
    computed.map((i) => i.from).filter((file) => !COMPUTED_IMPORTS[file]),
    [],
  );
  assert.deepEqual(
    Object.keys(COMPUTED_IMPORTS).filter((file) => !computed.some((i) => i.from === file)),
    [],
    'a listed file no longer has one: take it off the list',
  );
});

test('the engine (bin/, generator/, common/) imports no file of theme/: it loads the theme through the contract', () => {
  const offenders = local.filter(
    (i) => ['generator', 'common', 'bin'].includes(top(i.from)) && i.to.startsWith('theme/'),
  );
  assert.deepEqual(show(offenders), []);
});

test('nothing imports bin/, and the generator does not import the server', () => {
  assert.deepEqual(show(local.filter((i) => top(i.to) === 'bin' && top(i.from) !== 'bin')), []);
  assert.deepEqual(show(local.filter((i) => top(i.from) === 'generator' && top(i.to) === 'server')), []);
});

test('scaffold/ (site init, site new) imports nothing of import/ (site import): what both need lies below them', () => {
  const upward = local.filter((i) => i.from.startsWith('generator/scaffold/') && i.to.startsWith('generator/import/'));
  assert.deepEqual(show(upward), []);
});

test('the server imports no file of theme/: it renders the forms and counts the events the contract declares', () => {
  const offenders = local.filter((i) => top(i.from) === 'server' && i.to.startsWith('theme/'));
  assert.deepEqual(show(offenders), []);
});

/** The folders of generator/ and the files of one folder that import each other in a circle. */
function circles(imports: Import[]): string[][] {
  const edges = new Map<string, string[]>();
  for (const i of imports) edges.set(i.from, [...(edges.get(i.from) ?? []), i.to]);
  // Tarjan's strongly connected components, over files.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const circle: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        circle.push(w);
      } while (w !== v);
      if (circle.length > 1) found.push(circle.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

test('generator/ is a folder per stage: no import circle, type-only ones included, crosses a folder', () => {
  const engine = local.filter((i) => top(i.from) === 'generator' && top(i.to) === 'generator');
  const crossing = circles(engine).filter((c) => new Set(c.map((f) => path.dirname(f))).size > 1);
  assert.deepEqual(crossing, []);
  // Only what every stage shares stands beside the stage folders: the site graph's types, the
  // content hash the stages key their caches by, and what the package exports.
  assert.deepEqual(
    files('generator').filter((f) => path.dirname(f) === 'generator'),
    ['generator/content-hash.ts', 'generator/package-exports.ts', 'generator/types.ts'],
  );
  // The rule is read, not assumed: a circle inside one folder is found (and allowed).
  assert.ok(circles(engine).some((c) => c.includes('generator/build/build.ts')));
});

/** What the server runs of the generator: loading the site's config and UI strings, and hashing
 * inline scripts as the build's CSP names them (Node's crypto, which common/ may not use). Routes,
 * the security headers and the contact rules are common/. */
const SERVER_USES = ['generator/config/config-file.ts', 'generator/theming/messages.ts', 'generator/extras/csp.ts'];

test('the server imports the generator for its types, for loading the config and the UI strings, and for the script hash only', () => {
  const offenders = local.filter(
    (i) => top(i.from) === 'server' && top(i.to) === 'generator' && !i.typeOnly && !SERVER_USES.includes(i.to),
  );
  assert.deepEqual(show(offenders), []);
  assert.ok(local.some((i) => top(i.from) === 'server' && i.to === 'generator/config/config-file.ts'));
});

test('the theme imports the generator for its types only, and never the server', () => {
  const offenders = local.filter(
    (i) =>
      i.from.startsWith('theme/') &&
      ((top(i.to) === 'generator' && !i.typeOnly) || top(i.to) === 'server' || top(i.to) === 'bin'),
  );
  assert.deepEqual(show(offenders), []);
});

test('common/ imports only common/ and no Node module: the browser, the server and the generator share it', () => {
  const offenders = all.filter(
    (i) =>
      i.from.startsWith('common/') &&
      (isNode(i.to) || (!i.to.startsWith('common/') && FOLDERS.some((f) => i.to.startsWith(`${f}/`)))),
  );
  assert.deepEqual(show(offenders), []);
  assert.ok(files('common').length >= 4);
});

test('browser code reaches only browser-safe modules: theme/ and common/, no Node module, types included', () => {
  const byFile = new Map<string, Import[]>();
  for (const i of all) byFile.set(i.from, [...(byFile.get(i.from) ?? []), i]);
  const seen = new Set<string>();
  const offenders: string[] = [];
  const visit = (file: string, via: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.startsWith('theme/') && !file.startsWith('common/')) offenders.push(`${via} -> ${file}`);
    for (const i of byFile.get(file) ?? []) {
      if (isNode(i.to)) offenders.push(`${file} -> ${i.to}`);
      else if (FOLDERS.some((f) => i.to.startsWith(`${f}/`))) visit(i.to, file);
    }
  };
  for (const file of files('theme/client')) visit(file, file);
  assert.ok(seen.size > 30, `only ${seen.size} browser modules found`);
  assert.deepEqual(offenders, []);
});

test('between the top-level folders the value imports form no cycle', () => {
  const folder = (file: string) => file.split('/')[0];
  const edges = new Map<string, Set<string>>();
  for (const i of local) {
    if (i.typeOnly || folder(i.from) === folder(i.to)) continue;
    if (!edges.has(folder(i.from))) edges.set(folder(i.from), new Set());
    edges.get(folder(i.from))!.add(folder(i.to));
  }
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
    [...(edges.get(from) ?? [])].some((next) => {
      if (next === to) return true;
      if (seen.has(next)) return false;
      seen.add(next);
      return reaches(next, to, seen);
    });
  const cycles = [...edges.keys()].filter((f) => reaches(f, f));
  assert.deepEqual(cycles, [], `edges: ${JSON.stringify(Object.fromEntries([...edges].map(([k, v]) => [k, [...v]])))}`);
});
