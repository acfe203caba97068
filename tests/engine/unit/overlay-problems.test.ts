// What the overlay of `site serve --watch` shows is kept by the version of the file each problem
// was found in: a whole-site build that read a file before its last save never replaces what the
// check of that save found, and a build that read the file as saved takes over from the check.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OverlayProblems } from '../../../generator/dev/overlay-problems.ts';
import type { SavedFileCheck } from '../../../generator/dev/saved-file-check.ts';
import { diagnostic } from '../../../generator/diagnostics/diagnostic-rules.ts';

const FILE = 'content/en/docs/a.md';
const broken = (target: string, file = FILE) =>
  diagnostic({ file, line: 3, column: 1 }, 'broken-link', 'noPage', { target, route: target });
const saved = (hash: string, target?: string): SavedFileCheck =>
  ({ id: FILE, hash, diagnostics: target ? [broken(target)] : [] }) as unknown as SavedFileCheck;
const texts = (problems: OverlayProblems) => problems.state.problems.map((l) => `${l.origin} ${l.text}`);

test('a build that read an older version of a saved file does not bring back what that version had', () => {
  const problems = new OverlayProblems('/site', () => 'vscode');
  // The build of version 1 is under way; version 2 fixes the link, and is checked first.
  assert.equal(problems.savedFile(saved('v2')), false, 'nothing to show yet');
  assert.equal(problems.built([broken('/gone/')], new Map([[FILE, 'v1']])), false, 'the fixed link stays fixed');
  assert.deepEqual(problems.state.problems, []);

  // Version 3 breaks another link; the build of version 3 confirms it and adds a problem elsewhere.
  assert.equal(problems.savedFile(saved('v3', '/other/')), true);
  assert.match(texts(problems)[0], /^saved .*\/other\/ does not exist/);
  problems.built(
    [broken('/other/'), broken('#intro', 'content/en/docs/b.md')],
    new Map([
      [FILE, 'v3'],
      ['content/en/docs/b.md', 'x'],
    ]),
  );
  assert.deepEqual(
    texts(problems).map((t) => t.split(' ')[0]),
    ['saved', 'site'],
    'the saved file’s own first, the other file’s from the whole-site check',
  );
});

test('the check of a file deleted since gives way to the build', () => {
  const problems = new OverlayProblems('/site', () => 'vscode');
  problems.savedFile(saved('v1', '/gone/'));
  assert.equal(problems.state.problems.length, 1);
  problems.built([], new Map());
  assert.deepEqual(problems.state.problems, []);
});
