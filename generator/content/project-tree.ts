// A folder of the site (public/, a locale of content/) as the build publishes it: a symbolic link
// is followed while where it really leads (its real path, every link on the way resolved) stays
// inside the project, so a link between folders of the site works as before; one that leaves the
// project (to /etc/passwd, to another checkout) is not followed but named, with its target, for a
// diagnostic at the link. The link checker, the copier and the dev server all take public/ from
// this walk, so none of them sees a file another does not.
import { type Dirent, readdirSync, realpathSync, type Stats, statSync } from 'node:fs';
import path from 'node:path';

export interface ProjectTree {
  /** Regular files, by the path they were reached at under the walked folder (links inside the project followed). */
  files: string[];
  /** Symbolic links whose target is outside the project: the link as reached, and its real target. */
  outside: { link: string; target: string }[];
  /** Symbolic links to nothing (or to themselves, round a loop). */
  dangling: string[];
  /** Entries that are no file and no folder: pipes, sockets, devices. */
  special: string[];
}

/** Whether the real path `real` is `realRoot` or lies under it. */
export function isInside(realRoot: string, real: string): boolean {
  return real === realRoot || real.startsWith(realRoot.endsWith(path.sep) ? realRoot : `${realRoot}${path.sep}`);
}

const vanished = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Walks `dir` under the project `root`. `hidden`: whether names starting with `.` are taken, or
 * which ones at the top of `dir` are, with everything in them (public/ publishes `.well-known/`;
 * content/ leaves an editor's dotfiles alone). `within: 'folder'`: a link is followed only while it
 * stays inside `dir` itself (public/: what is published is what is in it, never `.git` or `.env`
 * of the project through a link). A folder reached again through a link to one of its own
 * ancestors is not walked twice round.
 */
export function walkProjectTree(
  root: string,
  dir: string,
  options: { hidden: boolean | ReadonlySet<string>; within?: 'project' | 'folder' },
): ProjectTree {
  const tree: ProjectTree = { files: [], outside: [], dangling: [], special: [] };
  let realRoot: string;
  let realDir: string;
  try {
    realRoot = realpathSync(root);
    realDir = realpathSync(dir);
  } catch (error) {
    if (vanished(error)) return tree;
    throw error;
  }
  // The folder itself may be a link out of the project (public -> /srv/shared).
  if (!isInside(realRoot, realDir)) {
    tree.outside.push({ link: dir, target: realDir });
    return tree;
  }
  const boundary = options.within === 'folder' ? realDir : realRoot;
  const ancestors: string[] = [];
  const takesHidden = (name: string, top: boolean, inHidden: boolean) =>
    typeof options.hidden === 'boolean' ? options.hidden : inHidden || (top && options.hidden.has(name));
  const visit = (at: string, real: string, inHidden = false) => {
    const top = at === dir;
    let entries: Dirent[];
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch (error) {
      // Removed while the tree was read (a checkout, a copy): the watcher reports the change.
      if (vanished(error)) return;
      throw error;
    }
    ancestors.push(real);
    for (const entry of entries) {
      const hidden = entry.name.startsWith('.');
      if (hidden && !takesHidden(entry.name, top, inHidden)) continue;
      const full = path.join(at, entry.name);
      let target = path.join(real, entry.name);
      let kind: Dirent | Stats = entry;
      if (entry.isSymbolicLink()) {
        try {
          target = realpathSync(full);
          kind = statSync(target);
        } catch {
          tree.dangling.push(full);
          continue;
        }
        if (!isInside(boundary, target)) {
          tree.outside.push({ link: full, target });
          continue;
        }
      }
      if (kind.isDirectory()) {
        if (!ancestors.includes(target)) visit(full, target, inHidden || hidden);
      } else if (kind.isFile()) tree.files.push(full);
      else tree.special.push(full);
    }
    ancestors.pop();
  };
  visit(dir, realDir);
  return tree;
}
