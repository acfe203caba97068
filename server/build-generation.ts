// The build the production server is serving, followed as it is replaced. `site build` writes a
// new directory and swaps it in by renaming; the server notices on the next request (a stat of the
// build directory, which is cheap) or on SIGHUP, and reads that build's `_headers` and
// `_redirects` again, so the Content-Security-Policy always names the scripts of the pages it
// sends. Every request is answered from one generation: on Linux its directory is held open and
// reached through /proc/self/fd, so the old build stays readable while the swap renames it away,
// and a request never sees the gap between "old moved out" and "new moved in".
import { closeSync, existsSync, openSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { messageOf } from '../common/error-message.ts';
import { type RedirectRule, redirectsOfText } from '../common/redirect-rules.ts';
import { parseRedirectsFile } from '../common/redirects-file.ts';
import { type BaseConfig, routeOfServedPath } from '../common/served-url.ts';
import { blockedInlineScripts, inlineStyleAttributes, loadSecurityHeaders } from './security-headers.ts';

export interface BuildGeneration {
  /** Where this generation's files are read; stays valid while the build is swapped. */
  dir: string;
  headers: Record<string, string>;
  redirects: Map<string, string>;
  /** Its `_redirects` lines with `:placeholders` or a `*` splat, by route. */
  rules: RedirectRule[];
  /** Device and inode of the build directory. */
  identity: string;
}

/** How long a replaced generation stays open for the requests still reading from it. */
const RETIRE_AFTER_MS = 60_000;

export class CurrentBuild {
  private generation: BuildGeneration;
  private fd: number | undefined;
  /** Replaced generations still open, closed a while later. */
  private readonly retiring = new Map<NodeJS.Timeout, number>();

  /** Loads the build in `siteDir`; throws MissingBuildError when it has no `_headers`. */
  constructor(
    readonly siteDir: string,
    private readonly log: Pick<Console, 'error' | 'log'>,
    /** The site's baseUrl: `_redirects` names served paths, the static server wants routes. */
    private readonly base: BaseConfig = { baseUrl: '/' },
  ) {
    const { generation, fd } = this.load();
    this.generation = generation;
    this.fd = fd;
  }

  /** The generation to answer a request from: the one in place now. */
  current(): BuildGeneration {
    let identity: string;
    try {
      identity = identityOf(statSync(this.siteDir));
    } catch {
      // Between "old moved out" and "new moved in": keep serving the old one.
      return this.generation;
    }
    if (identity !== this.generation.identity) this.reload();
    return this.generation;
  }

  /** Reads the build again, even if it was not swapped (SIGHUP). */
  reload(): BuildGeneration {
    try {
      const { generation, fd } = this.load();
      this.retire(this.fd);
      this.generation = generation;
      this.fd = fd;
      this.log.log(`[site] serving the build in ${this.siteDir} (${generation.identity})`);
    } catch (error) {
      this.log.error(
        `[site] could not read the new build in ${this.siteDir}: ${messageOf(error)}; still serving the previous one`,
      );
    }
    return this.generation;
  }

  close(): void {
    for (const [timer, fd] of this.retiring) {
      clearTimeout(timer);
      closeSync(fd);
    }
    this.retiring.clear();
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private load(): { generation: BuildGeneration; fd: number | undefined } {
    const identity = identityOf(statSync(this.siteDir));
    const { dir, fd } = openDirectory(this.siteDir);
    try {
      const headers = loadSecurityHeaders(dir, this.log);
      const generation = { dir, headers, ...readRedirects(dir, this.base, this.log), identity };
      this.checkHomePage(generation);
      return { generation, fd };
    } catch (error) {
      if (fd !== undefined) closeSync(fd);
      throw error;
    }
  }

  /** An inline script the CSP does not allow would silently not run in browsers: say so loudly. */
  private checkHomePage(generation: BuildGeneration): void {
    const file = path.join(generation.dir, 'index.html');
    if (!existsSync(file)) return;
    const home = readFileSync(file, 'utf8');
    for (const hash of blockedInlineScripts(home, generation.headers['content-security-policy'])) {
      this.log.error(
        `[site] warning: the home page has an inline script (${hash}) that the Content-Security-Policy blocks; rebuild the site`,
      );
    }
    if (inlineStyleAttributes(home))
      this.log.error(`[site] warning: the home page has inline style attributes, which style-src 'self' blocks`);
  }

  private retire(fd: number | undefined): void {
    if (fd === undefined) return;
    const timer = setTimeout(() => {
      this.retiring.delete(timer);
      closeSync(fd);
    }, RETIRE_AFTER_MS);
    timer.unref();
    this.retiring.set(timer, fd);
  }
}

function identityOf(stats: { dev: number; ino: number }): string {
  return `${stats.dev}:${stats.ino}`;
}

/** The directory held open, reachable by a path that follows it through renames (Linux). */
function openDirectory(dir: string): { dir: string; fd: number | undefined } {
  if (process.platform !== 'linux') return { dir, fd: undefined };
  const fd = openSync(dir, 'r');
  const held = `/proc/self/fd/${fd}`;
  if (existsSync(path.join(held, '.'))) return { dir: held, fd };
  closeSync(fd);
  return { dir, fd: undefined };
}

/** The build's `_redirects` (`from to 301` per line, served paths) as the static server's map of
 * routes, and its rules that name more than one URL (placeholders, splats); a rule no server can
 * answer with is logged and left out. */
function readRedirects(
  siteDir: string,
  base: BaseConfig,
  log: Pick<Console, 'error'>,
): { redirects: Map<string, string>; rules: RedirectRule[] } {
  const file = path.join(siteDir, '_redirects');
  if (!existsSync(file)) return { redirects: new Map(), rules: [] };
  const text = readFileSync(file, 'utf8');
  const { rules: valid, problems } = parseRedirectsFile(text);
  for (const problem of problems)
    log.error(`[site] ${file}:${problem.line}: ${problem.message}; that rule is left out (rebuild the site)`);
  // The lines that passed, their targets as the parser wrote them (beyond ASCII percent-encoded).
  const lines = text.split('\n');
  const kept = valid.map(({ from, to, line }) =>
    [from, to, ...lines[line - 1].trim().split(/\s+/).slice(2, 3)].join(' '),
  );
  return redirectsOfText(kept.join('\n'), (served) => routeOfServedPath(base, served) ?? served);
}
