// The README is the map a newcomer reads first: what it names must be there. Its npm scripts are
// scripts of package.json, the files and folders it names are in the repository, its links
// resolve, the commands of its CLI table are commands of `site --help` (and docs/cli.md has a row
// for each of them), the counts it gives are the catalogue's, and it stays a map: under 400 lines,
// with the map before the figures.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DIAGNOSTIC_RULES, type DiagnosticRule } from '../../../generator/diagnostics/diagnostic-rules.ts';
import { REPO } from '../../helpers.ts';

const README = readFileSync(path.join(REPO, 'README.md'), 'utf8');
const LINES = README.split('\n');

/** The README without its fenced blocks: the prose and tables, where paths are named. */
function prose(): string[] {
  let fenced = false;
  return LINES.filter((line) => {
    if (line.startsWith('```')) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** The text of the section under a `## ` heading, up to the next one. */
function section(title: string): string {
  const start = README.indexOf(`\n## ${title}\n`);
  assert.ok(start >= 0, `the README has a section "${title}"`);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end < 0 ? undefined : end);
}

test('the README is a map: under 400 lines, the architecture and where to read on before the figures', () => {
  assert.ok(LINES.length < 400, `the README has ${LINES.length} lines`);
  const headings = LINES.filter((l) => l.startsWith('## ')).map((l) => l.slice(3));
  for (const map of ['Two commands', 'The CLI', 'A site of its own', 'Architecture', 'Where to read on'])
    assert.ok(
      headings.indexOf(map) >= 0 && headings.indexOf(map) < headings.indexOf('Figures'),
      `${map} comes before Figures`,
    );
  assert.equal(headings.at(-1), 'Figures', 'the figures close the README');
  const tables = section('Figures').match(/^\| --- \|/gm) ?? [];
  assert.equal(tables.length, 1, 'one table of current figures; their history is in docs/performance-history.md');
});

test('the first two commands install and serve the site, and run every test', () => {
  const block = /```sh\n([^`]*)```/.exec(section('Two commands'))?.[1] ?? '';
  const commands = block.split('\n').map((l) => l.replace(/\s+#.*$/, '').trim());
  assert.equal(commands[0], 'npm ci && npx site build && npx site serve');
  assert.equal(commands[1], 'npm test');
});

test('every npm script the README names is a script of package.json', () => {
  const { scripts } = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const named = [
    ...[...README.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]),
    ...(/\bnpm test\b/.test(README) ? ['test'] : []),
  ];
  assert.ok(named.includes('test') && named.includes('test:quick'));
  for (const name of named)
    assert.ok(scripts[name], `npm run ${name} is named in the README, but package.json has no such script`);
});

// What a build, an install or a site makes, named in the README but never in the repository.
const MADE = ['build/', '.cache/', 'node_modules/', '_server/'];

test('every file and folder the README names is in the repository', () => {
  const missing: string[] = [];
  let checked = 0;
  for (const line of prose()) {
    const code = [...line.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]);
    const links = [...line.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((m) => m[1])
      .filter((l) => !/^[a-z]+:/.test(l));
    // A file named by itself is in a folder the same line names (the stage's row of the table).
    const folders = [
      REPO,
      path.join(REPO, 'generator'),
      ...links.map((l) => path.dirname(path.join(REPO, l))),
      ...code.filter((c) => c.endsWith('/')).map((c) => path.join(REPO, c)),
    ];
    const paths = code.filter(
      (c) =>
        (c.includes('/') || /\.(ts|tsx|js|json|md|yml)$/.test(c)) &&
        !/[<>*{}"'…|]/.test(c) &&
        !c.startsWith('/') &&
        !c.startsWith('sitesmith') &&
        !MADE.some((made) => c.startsWith(made)),
    );
    for (const p of paths) {
      checked++;
      if (!folders.some((folder) => existsSync(path.join(folder, p)))) missing.push(p);
    }
    for (const l of links) {
      checked++;
      if (!existsSync(path.join(REPO, l))) missing.push(l);
    }
  }
  assert.ok(checked > 50, `only ${checked} paths found: the check reads no longer what the README names`);
  assert.deepEqual(missing, [], 'named in the README, not in the repository');
});

test('every docs/ file is linked from the README, and every stage folder with its README', () => {
  const linked = new Set([...README.matchAll(/\]\(([^)#\s]+)/g)].map((m) => m[1]));
  for (const doc of readdirSync(path.join(REPO, 'docs')).filter((f) => f.endsWith('.md')))
    assert.ok(linked.has(`docs/${doc}`), `docs/${doc} is not linked from "Where to read on"`);
  const stages = readdirSync(path.join(REPO, 'generator'), { withFileTypes: true }).filter((e) => e.isDirectory());
  for (const stage of stages) {
    assert.ok(
      existsSync(path.join(REPO, 'generator', stage.name, 'README.md')),
      `generator/${stage.name}/ has a README`,
    );
    assert.ok(
      linked.has(`generator/${stage.name}/README.md`),
      `the architecture links generator/${stage.name}/README.md`,
    );
  }
});

/** The command names of a `--help` text's "Commands:" list. */
function commandsOf(args: string[]): Set<string> {
  const help = execFileSync(process.execPath, [path.join(REPO, 'bin', 'site.js'), ...args, '--help'], {
    cwd: REPO,
    encoding: 'utf8',
  });
  const list = help.slice(help.indexOf('\nCommands:\n'));
  return new Set([...list.matchAll(/^ {2}([a-z][\w-]*)/gm)].map((m) => m[1]).filter((c) => c !== 'help'));
}

test("every command of the README's CLI table is a command of site --help", () => {
  const rows = [...section('The CLI').matchAll(/^\| `site ([^`]+)` \|/gm)].map((m) => m[1].split(' '));
  assert.ok(rows.length >= 8, 'the CLI table lists the commands');
  const top = commandsOf([]);
  for (const [command, sub] of rows) {
    assert.ok(top.has(command), `site ${command} is in the README's CLI table, not in site --help`);
    if (sub) assert.ok(commandsOf([command]).has(sub), `site ${command} ${sub} is not in site ${command} --help`);
  }
  const listed = new Set(rows.map(([command]) => command));
  for (const command of top) assert.ok(listed.has(command), `site ${command} is missing from the README's CLI table`);
});

test('docs/cli.md gives every command of site --help, and names no other', () => {
  const doc = readFileSync(path.join(REPO, 'docs/cli.md'), 'utf8');
  // A row's first cell may name more than one command (`site contact list` / `site contact export`).
  const firstCells = [...doc.matchAll(/^\| (`site .*?) \| /gm)].map((m) => m[1]);
  const named = firstCells.flatMap((cell) =>
    [...cell.matchAll(/`site ([a-z][\w-]*)(?: ([a-z][\w-]*))?/g)].map((m) => [m[1], m[2]] as const),
  );
  const top = commandsOf([]);
  for (const [command, sub] of named) {
    assert.ok(top.has(command), `docs/cli.md names site ${command}, which site --help does not list`);
    const subs = commandsOf([command]);
    if (subs.size) assert.ok(sub && subs.has(sub), `docs/cli.md names site ${command} ${sub ?? ''}, not in its --help`);
  }
  for (const command of top) {
    const subs = commandsOf([command]);
    for (const sub of subs.size ? subs : [undefined])
      assert.ok(
        named.some(([c, s]) => c === command && (s === sub || !subs.size)),
        `docs/cli.md has no row for site ${command}${sub ? ` ${sub}` : ''}`,
      );
  }
});

test("the counts of diagnostic rules the README gives are the catalogue's", () => {
  const rules: DiagnosticRule[] = Object.values(DIAGNOSTIC_RULES);
  const without = rules.filter((r) => r.noFixture).length;
  const arch = section('Architecture').replace(/\s+/g, ' ');
  assert.match(arch, new RegExp(`one of the ${rules.length} rules of`));
  assert.match(arch, new RegExp(`${rules.length - without} of them have a broken site`));
  assert.match(arch, new RegExp(`The other ${without} say why in \`noFixture\``));
});

test('every relative link of the docs/ files the README leads to resolves', () => {
  const missing: string[] = [];
  for (const doc of readdirSync(path.join(REPO, 'docs')).filter((f) => f.endsWith('.md'))) {
    // Examples of Markdown in code are not the file's own links.
    const text = readFileSync(path.join(REPO, 'docs', doc), 'utf8')
      .replace(/^(`{3,}|~{3,})[\s\S]*?^\1/gm, '')
      .replace(/`[^`\n]*`/g, '');
    // A URL, or a route of an example site (`/img/rack.png`), is no file of the repository.
    for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g))
      if (!/^([a-z]+:|\/)/.test(target) && !existsSync(path.join(REPO, 'docs', target)))
        missing.push(`docs/${doc}: ${target}`);
  }
  assert.deepEqual(missing, []);
});
