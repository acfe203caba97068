// The content's git history, read once per build: which commits touched which file, newest first.
// The one place the engine reads git for translation status; a folder that is not a repository (or
// a machine without git) has no history, and then only missing translations can be told.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Commit {
  hash: string;
  /** Commit date, ISO `YYYY-MM-DD`. */
  date: string;
  subject: string;
  /** The change needs no translation: the commit says so (trailer `Translation: none`), or the
   * site lists it in IGNORE_REVS_FILE (for commits made before anyone wrote the trailer). */
  noTranslation: boolean;
}

export interface History {
  /** Every commit that touched the content, newest first. */
  commits: Commit[];
  /** Indices into `commits` of the commits that touched each file (paths relative to the site's
   * root, as source ids), newest first. */
  byFile: Map<string, number[]>;
}

/** Commits that need no translation, one hash (or a prefix of 7 or more) per line, `#` comments:
 * as git's `.git-blame-ignore-revs`, since a commit's message cannot be changed afterwards. */
export const IGNORE_REVS_FILE = '.translation-ignore-revs';

function ignoredRevs(root: string): string[] {
  const file = path.join(root, IGNORE_REVS_FILE);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim().toLowerCase())
    .filter((line) => /^[0-9a-f]{7,40}$/.test(line));
}

const RECORD = '\x1e';
const FIELD = '\x1f';

/** The history of `content/`, or undefined where there is none to read. Git runs in a process of
 * its own while the build goes on (a start with a long history waits for nothing else). */
export function readHistory(root: string, folder = 'content'): Promise<History | undefined> {
  const args = [
    '-C',
    root,
    'log',
    '--no-merges',
    '--relative',
    '--name-only',
    `--format=${RECORD}%H${FIELD}%cs${FIELD}%s${FIELD}%(trailers:key=Translation,valueonly,separator=%x2C)${FIELD}`,
    '--',
    folder,
  ];
  return new Promise((resolve) => {
    execFile('git', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }, (error, out) =>
      resolve(error ? undefined : historyOf(root, out)),
    );
  });
}

function historyOf(root: string, out: string): History {
  const ignored = ignoredRevs(root);
  const history: History = { commits: [], byFile: new Map() };
  for (const record of out.split(RECORD)) {
    if (!record.trim()) continue;
    const [hash, date, subject, trailer, files] = record.split(FIELD);
    const index =
      history.commits.push({
        hash,
        date,
        subject,
        noTranslation: /\bnone\b/i.test(trailer) || ignored.some((rev) => hash.startsWith(rev)),
      }) - 1;
    for (const file of files
      .split('\n')
      .map((f) => f.trim())
      .filter(Boolean)) {
      const list = history.byFile.get(file) ?? [];
      list.push(index);
      history.byFile.set(file, list);
    }
  }
  return history;
}
