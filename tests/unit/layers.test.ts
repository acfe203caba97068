// The dependency rule, read from the import statements of every source file:
//
//   bin ──► generator ──► theme/index.ts (the theme's one entry point)
//    └───► server ────┘        theme ──► generator (types only)
//   server ──► generator: types, the loading of the config and the UI strings, the script hash
//   everything ──► common/ (no Node, imports nothing outside itself)
//   theme/client/ and whatever it reaches: theme/ and common/ only, no Node module
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { REPO } from '../helpers.ts';

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

const STATEMENT = /^\s*(import|export)\s+(type\s+)?([^'";]*?\bfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file: string): Import[] {
  // Comments may quote code; only statements count.
  const text = readFileSync(path.join(REPO, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const to = specifier.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) : specifier;
    found.push({ from: file, to, typeOnly });
  };
  for (const m of text.matchAll(STATEMENT)) add(m[4], Boolean(m[2]));
  for (const m of text.matchAll(DYNAMIC)) add(m[1], false);
  return found;
}

const all = FOLDERS.flatMap(files).flatMap(importsOf);
const local = all.filter((i) => FOLDERS.some((f) => i.to.startsWith(`${f}/`)));
const top = (file: string) => (file.startsWith('theme/client/') ? 'theme/client' : file.split('/')[0]);
const isNode = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(specifier);
const show = (list: Import[]) => list.map((i) => `${i.from} -> ${i.to}${i.typeOnly ? ' (type)' : ''}`);

test('the import statements are found (the rule below is not vacuous)', () => {
  assert.ok(local.length > 300, `only ${local.length} imports between the folders' files`);
  assert.ok(local.some((i) => i.from.startsWith('generator/') && i.to === 'theme/index.ts'));
  assert.ok(all.some((i) => i.from.startsWith('server/') && isNode(i.to)));
});

test('nothing imports bin/, and the generator does not import the server', () => {
  assert.deepEqual(show(local.filter((i) => top(i.to) === 'bin' && top(i.from) !== 'bin')), []);
  assert.deepEqual(show(local.filter((i) => top(i.from) === 'generator' && top(i.to) === 'server')), []);
});

test('the generator and the server reach the theme through its one entry point, theme/index.ts', () => {
  const offenders = local.filter((i) => ['generator', 'server', 'bin'].includes(top(i.from)) && i.to.startsWith('theme/') && i.to !== 'theme/index.ts');
  assert.deepEqual(show(offenders), []);
});

/** What the server runs of the generator: loading the site's config and UI strings, and hashing
 * inline scripts as the build's CSP names them (Node's crypto, which common/ may not use). Routes,
 * the security headers and the contact rules are common/. */
const SERVER_USES = ['generator/config-file.ts', 'generator/messages.ts', 'generator/csp.ts'];

test('the server imports the generator for its types, for loading the config and the UI strings, and for the script hash only', () => {
  const offenders = local.filter((i) => top(i.from) === 'server' && top(i.to) === 'generator' && !i.typeOnly && !SERVER_USES.includes(i.to));
  assert.deepEqual(show(offenders), []);
  assert.ok(local.some((i) => top(i.from) === 'server' && i.to === 'generator/config-file.ts'));
});

test('the theme imports the generator for its types only, and never the server', () => {
  const offenders = local.filter((i) => i.from.startsWith('theme/') && ((top(i.to) === 'generator' && !i.typeOnly) || top(i.to) === 'server' || top(i.to) === 'bin'));
  assert.deepEqual(show(offenders), []);
});

test('common/ imports only common/ and no Node module: the browser, the server and the generator share it', () => {
  const offenders = all.filter((i) => i.from.startsWith('common/') && (isNode(i.to) || (!i.to.startsWith('common/') && FOLDERS.some((f) => i.to.startsWith(`${f}/`)))));
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
    [...(edges.get(from) ?? [])].some((next) => next === to || (!seen.has(next) && (seen.add(next), reaches(next, to, seen))));
  const cycles = [...edges.keys()].filter((f) => reaches(f, f));
  assert.deepEqual(cycles, [], `edges: ${JSON.stringify(Object.fromEntries([...edges].map(([k, v]) => [k, [...v]])))}`);
});
