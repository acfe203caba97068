// `site init <dir>`: a new site in a folder of its own (generator/scaffold/starter-site.ts).
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { count } from '../common/count.ts';

export function registerInitCommand(program: Command, root: string): void {
  program
    .command('init')
    .description(
      'Write a new site into <dir>: a home page, a docs section, a blog, the config, the UI strings, and a package.json that depends on this engine. Then: cd <dir> && npm install && npx site build.',
    )
    .argument('<dir>', "the new site's folder (created; an existing one must be empty)")
    .option('--locales <list>', "the site's locales, comma-separated, the default first, e.g. de,en", 'en')
    .action(async (dir: string, opts: { locales: string }) => {
      const { starterSite, engineDependency, localesProblem } = await import('../generator/scaffold/starter-site.ts');
      const out = path.resolve(root, dir);
      const locales = opts.locales
        .split(',')
        .map((l) => l.trim())
        .filter(Boolean);
      const problem = localesProblem(locales);
      if (problem) return fail(problem);
      if (existsSync(out) && readdirSync(out).length)
        return fail(`${dir} is not empty; name a new folder or an empty one.`);
      const files = starterSite({
        name: path.basename(out),
        locales,
        engine: engineDependency(out),
        today: new Date().toISOString().slice(0, 10),
      });
      for (const file of files) {
        await mkdir(path.dirname(path.join(out, file.path)), { recursive: true });
        await writeFile(path.join(out, file.path), file.contents);
      }
      const shown = path.relative(root, out) || '.';
      console.log(
        `Wrote a site in ${locales.length === 1 ? 'one locale' : `${locales.length} locales`} (${locales.join(', ')}) to ${shown}/: ${count(files.length, 'file')}.`,
      );
      console.log(
        `\nNext:\n  cd ${shown}\n  npm install\n  npx site serve --watch   # preview on http://127.0.0.1:3000/\n  npx site build           # the site in build/`,
      );
    });
}

function fail(message: string): void {
  console.error(`site init: ${message}`);
  process.exitCode = 1;
}
