// Every diagnostic is made from its entry in generator/diagnostics/diagnostic-rules.ts: this test parses the
// engine's sources and fails on a call site that writes a message or hint of its own, or names a
// rule in an object instead of going through `diagnostic()` / `diagnosis()`. (TypeScript 7 ships
// no parser for JavaScript to call; @babel/parser, which the importer uses, reads TypeScript too.)

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parse } from '@babel/parser';
import {
  DIAGNOSTIC_RULES,
  type DiagnosticRule,
  diagnosis,
  type RuleId,
} from '../../../generator/diagnostics/diagnostic-rules.ts';
import { REPO } from '../../helpers.ts';

type Node = { type: string; loc?: { start: { line: number } } } & Record<string, unknown>;

const CATALOGUE = 'generator/diagnostics/diagnostic-rules.ts';
/** The importer's report lines are notes about the project it reads, not diagnostics of the site. */
const NOT_DIAGNOSTICS = ['generator/import/'];

function sources(dir: string): string[] {
  return readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) {
    for (const n of node) walk(n, visit);
    return;
  }
  if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
  visit(node as Node);
  for (const [key, value] of Object.entries(node))
    if (key !== 'loc' && value && typeof value === 'object') walk(value, visit);
}

/** Whether an expression writes text: a string or template literal anywhere in it. */
function writesText(node: unknown): boolean {
  let found = false;
  walk(node, (n) => {
    if (n.type === 'StringLiteral' || n.type === 'TemplateLiteral') found = true;
  });
  return found;
}

const keyName = (property: Node) => {
  const key = property.key as Node | undefined;
  return key?.type === 'Identifier'
    ? (key.name as string)
    : key?.type === 'StringLiteral'
      ? (key.value as string)
      : undefined;
};

/** The places in a source that make diagnostic text of their own. */
function ownText(file: string, code: string): string[] {
  const ast = parse(code, { sourceType: 'module', plugins: ['typescript', 'jsx'] });
  const found: string[] = [];
  walk(ast.program, (node) => {
    const line = node.loc?.start.line;
    if (node.type === 'ObjectExpression') {
      for (const property of node.properties as Node[]) {
        if (property.type !== 'ObjectProperty') continue;
        const name = keyName(property);
        // A rule id written into an object: a diagnostic made by hand.
        if (name === 'rule' && (property.value as Node).type === 'StringLiteral')
          found.push(`${file}:${property.loc?.start.line}  rule: '${(property.value as Node).value}'`);
        // A message or hint written (or added to) here rather than taken from the catalogue.
        if ((name === 'hint' || name === 'message') && writesText(property.value))
          found.push(`${file}:${property.loc?.start.line}  ${name}: text of its own`);
      }
    }
    // vfile's file.message('…') becomes a diagnostic of the Markdown stage.
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node;
      const args = node.arguments as Node[];
      if (
        callee.type === 'MemberExpression' &&
        (callee.property as Node).name === 'message' &&
        args.length &&
        writesText(args[0])
      )
        found.push(`${file}:${line}  .message(text of its own)`);
    }
  });
  return found;
}

test('no call site writes a message, hint or rule of its own: every diagnostic comes from the catalogue', () => {
  const files = [...sources('generator'), ...sources('bin')].filter(
    (f) => f !== CATALOGUE && !NOT_DIAGNOSTICS.some((dir) => f.startsWith(dir)),
  );
  assert.ok(files.length > 50, 'the engine’s sources are read');
  const offenders = files.flatMap((f) => ownText(f, readFileSync(path.join(REPO, f), 'utf8')));
  assert.deepEqual(
    offenders,
    [],
    'make these diagnostics with diagnostic()/diagnosis() from generator/diagnostics/diagnostic-rules.ts',
  );
});

test('the check finds a diagnostic written by hand, a hint appended to one, and a vfile message', () => {
  const code = [
    "const a = { file, message: `link ${x} is broken`, rule: 'broken-link', severity: 'error' };",
    'const b = { ...d, hint: `${d.hint}; and more` };',
    "file.message('unknown thing', node);",
    "const ok = { file, line, ...diagnosis('tabs', 'empty') };",
    'const json = { message: d.message, hint: d.hint ?? null };',
  ].join('\n');
  assert.deepEqual(ownText('x.ts', code), [
    'x.ts:1  message: text of its own',
    "x.ts:1  rule: 'broken-link'",
    'x.ts:2  hint: text of its own',
    'x.ts:3  .message(text of its own)',
  ]);
});

test('every entry has a title, a hint, cases, and an example of the mistake with its fix', () => {
  const rules: [string, DiagnosticRule][] = Object.entries(DIAGNOSTIC_RULES);
  assert.ok(rules.length >= 45);
  for (const [id, rule] of rules) {
    assert.ok(rule.title && rule.hint, `${id}: title and hint`);
    assert.ok(Object.keys(rule.messages).length > 0, `${id}: at least one case`);
    assert.ok(
      rule.example.file && rule.example.mistake && rule.example.fix && rule.example.mistake !== rule.example.fix,
      `${id}: an example and its fix`,
    );
  }
});

test('a diagnosis takes its text from the case and its hint from the case, else from the rule', () => {
  assert.deepEqual(
    diagnosis('broken-link', 'noPage', {
      target: '/services/backup/',
      route: '/en/services/backup/',
      suggestions: ['/en/services/backups/'],
    }),
    {
      rule: 'broken-link',
      severity: 'error',
      message: 'link target /services/backup/ does not exist (no page at /en/services/backup/)',
      hint: 'did you mean /en/services/backups/?',
    },
  );
  assert.equal(diagnosis('markdown', 'library', { reason: 'x' }).hint, DIAGNOSTIC_RULES.markdown.hint);
  assert.equal(
    diagnosis('markdown', 'unprocessable', { reason: 'x' }).severity,
    'error',
    'a case may be more severe than its rule',
  );
  const id: RuleId = 'tabs';
  assert.equal(diagnosis(id, 'empty').severity, 'warning');
});
