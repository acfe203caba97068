// What one edit costs a production build, counted at two sizes of the same site: a sentence
// appended to one page renders that page, compresses its new bytes and makes in the published
// folder the files whose bytes changed, the same number of each whether the site has 20 or 200
// extra pages a language. Builds run through the CLI, each a new process with only .cache/ from the
// last one, as a deploy runs them; the counts are what `site build --timings` says it did.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fixtureCopy, REPO } from '../../helpers.ts';

interface EditCost {
  pages: number;
  rendered: number;
  /** Files other than pages and compressed copies whose bytes no build before had made. */
  otherFiles: number;
  compressed: number;
  /** Files made in the published folder, the search index's apart. */
  madeFiles: number;
  searchBundles: number;
}

function cliBuild(root: string): EditCost {
  const r = spawnSync(process.execPath, [path.join(REPO, 'bin', 'site.js'), 'build', '--timings'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
  const number = (pattern: RegExp) => {
    const match = pattern.exec(r.stdout);
    assert.ok(match, `${pattern} in:\n${r.stdout}`);
    return Number(match[1]);
  };
  return {
    pages: number(/^(\d+) pages?, /m),
    rendered: number(/^Rendered (\d+) pages?/m),
    otherFiles: number(/^Made anew: \d+ pages?, (\d+) other files?/m),
    compressed: number(/^Made anew: .*, (\d+) compressed cop/m),
    madeFiles: number(/^Files made in the published folder: (\d+) besides the search index/m),
    searchBundles: number(/^Search index: (\d+) of/m),
  };
}

/** The basic fixture with `extra` more pages a language in folders of ten; what a sentence appended
 * to one of them costs, in the second edit after a cold build (the first takes over no older
 * generation, and links every file into a new one). */
async function editCost(extra: number): Promise<EditCost> {
  const { root, dispose } = await fixtureCopy('basic');
  try {
    for (const locale of ['de', 'en']) {
      for (let i = 0; i < extra; i++) {
        const dir = path.join(root, 'content', locale, 'docs', 'many', `group-${Math.floor(i / 10)}`);
        mkdirSync(dir, { recursive: true });
        writeFileSync(
          path.join(dir, `page-${i}.md`),
          `---\ntitle: Page ${i} (${locale})\ndescription: Page ${i} of many.\n---\n\nWords about page ${i}. ${'Servers and backups. '.repeat(20)}\n`,
        );
      }
    }
    const cold = cliBuild(root);
    assert.ok(cold.rendered >= cold.pages, 'a cold build renders every page');
    const edited = path.join(root, 'content', 'en', 'docs', 'many', 'group-1', 'page-15.md');
    appendFileSync(edited, '\nA first sentence appended by an editor.\n');
    cliBuild(root);
    appendFileSync(edited, '\nA second sentence appended by an editor.\n');
    return cliBuild(root);
  } finally {
    await dispose();
  }
}

test('one edit makes as many files, renders and compresses as much in a site ten times the size', async () => {
  const small = await editCost(20);
  const large = await editCost(200);
  assert.ok(large.pages >= small.pages + 2 * 180, `${small.pages} and ${large.pages} pages`);
  assert.equal(small.rendered, 1, 'the edited page alone is rendered');
  const cost = ({ rendered, otherFiles, compressed, madeFiles, searchBundles }: EditCost) => ({
    rendered,
    otherFiles,
    compressed,
    madeFiles,
    searchBundles,
  });
  assert.deepEqual(cost(large), cost(small), `with ${small.pages} pages and with ${large.pages}`);
  // The page, its Markdown twin and the language's llms-full.txt of this edit and of the one
  // before it (the folder taken over is two builds old), with the twins' compressed copies.
  assert.ok(small.madeFiles <= 12, `${small.madeFiles} files made in the published folder`);
});
