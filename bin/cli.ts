// The `site` command line.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { count } from '../common/count.ts';
import { SEARCH_DIR } from '../common/search-bundle.ts';
import type { BuildResult } from '../generator/build/build.ts';
import { PACKAGE_ROOT } from '../generator/bundle/package-root.ts';
import {
  DIAGNOSTIC_FORMATS,
  type DiagnosticFormat,
  formatDiagnostics,
} from '../generator/diagnostics/diagnostic-formats.ts';
import { registerContactCommands } from './contact.ts';
import { registerI18nCommands } from './i18n.ts';
import { registerImportCommand } from './import.ts';
import { registerInitCommand } from './init.ts';
import { registerStartCommand } from './start.ts';
import { checkVerdict, resultSummary } from './summaries.ts';

// A command loads what it runs when it runs (each import below is a chunk of the CLI's bundle of
// its own): `site --help` or `site explain` start without the build, the dev server or the
// production server, and a build without the dev server.
const build = () => import('../generator/build/build.ts');

const root = process.cwd();
const program = new Command();

const { version } = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string };

program
  .name('site')
  .version(version, '-v, --version', "print the engine's version")
  .description(
    'Builds the website in this folder (config/, content/, i18n/, public/) into static HTML, serves it and checks it.',
  )
  .showHelpAfterError();

async function report(result: BuildResult, started: number, timings = false): Promise<void> {
  const { formatDiagnostic } = await build();
  for (const d of result.diagnostics) console.error(formatDiagnostic(d));
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const summary = resultSummary(result, seconds);
  if (result.ok) console.log(summary);
  else console.error(summary);
  if (timings) {
    const steps = Object.entries(result.stats.timings).map(([name, ms]) => `${name} ${Math.round(ms)} ms`);
    console.log(
      `Steps: ${steps.join(', ')}; process started ${Math.round(started)} ms before the build; peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB.`,
    );
    const { rendered, resized, reused, pool } = result.stats;
    if (pool?.workers)
      console.log(
        `Workers: ${pool.workers}, busy ${Math.round(pool.busyMs)} ms of ${Math.round(pool.spanMs)} ms (${Math.round(100 - (100 * pool.busyMs) / Math.max(pool.spanMs, 1))} % idle).`,
      );
    if (reused)
      console.log(
        `Rendered ${rendered} pages, resized ${resized} images; the output store in .cache/ had ${reused.hits} of ${reused.hits + reused.misses} pages, compressed twins, image sizes and search bundles${reused.rejected ? ` (${reused.rejected} changed on disk, made again)` : ''}.`,
      );
    const { checkStore } = result.stats;
    if (checkStore)
      console.log(
        `Rendered ${count(rendered, 'page')}; the check store in .cache/ had the links and ids of the other ${checkStore.reused}.`,
      );
    const cards = result.stats.cards;
    if (cards) console.log(`Social cards: ${cards.drawn} of ${cards.total} drawn, the others kept in .cache/social/.`);
    const write = result.stats.write;
    if (write?.linked)
      console.log(
        `Linked ${write.linked} of ${write.written} files from the output store (hard links: not read or written again).`,
      );
    const made = result.stats.write?.made;
    if (made) {
      const search = made.filter((file) => file.startsWith(`${SEARCH_DIR}/`)).length;
      console.log(
        `Files made in the published folder: ${made.length - search} besides the search index, ${search} of the search index; the others were there already.`,
      );
    }
    // What this build made that no build before it had made (each a miss of the store): what an
    // edit costs, kind by kind.
    if (reused) {
      const made = (kind: RegExp) =>
        Object.entries(reused.kinds)
          .filter(([name]) => kind.test(name))
          .reduce((sum, [, k]) => sum + k.misses, 0);
      console.log(
        `Made anew: ${count(rendered, 'page')}, ${count(made(/^file$/), 'other file')} (Markdown twins, feeds, sitemap, llms files, assets), ${count(made(/^(br|gz)\d+$/), 'compressed copy', 'compressed copies')}; the rest was in .cache/.`,
      );
    }
    const search = reused?.kinds.search;
    // Each bundle the store did not have was made by Pagefind in this build.
    if (search)
      console.log(
        `Search index: ${search.misses} of ${search.hits + search.misses} bundles built${search.rejected ? ` (${search.rejected} changed on disk, built again)` : ''}.`,
      );
  }
}

const timingsOption = new Option('--timings', 'print how long each step of the build took');

program
  .command('build')
  .description('Build the site into a fresh directory and swap it in; a failed build leaves the old one untouched.')
  .option('--out <dir>', 'output directory', 'build')
  .option('--force', 'build even when nothing changed since the last build')
  .addOption(timingsOption)
  .action(async (opts: { out: string; force?: boolean; timings?: boolean }) => {
    const started = performance.now();
    const { runBuild } = await build();
    const result = await runBuild({ root, mode: 'build', outDir: opts.out, skipUnchanged: !opts.force });
    await report(result, started, opts.timings);
    if (result.ok) console.log(`Output: ${path.relative(root, path.resolve(root, opts.out)) || '.'}/`);
    process.exitCode = result.ok ? 0 : 1;
  });

program
  .command('check')
  .description('Load, validate and render everything in memory, write nothing; exit 1 on any error.')
  .addOption(timingsOption)
  .addOption(
    new Option('--format <format>', 'text for people, json for tools, github for GitHub Actions annotations')
      .choices(DIAGNOSTIC_FORMATS)
      .default('text'),
  )
  .option(
    '--changed <git-ref>',
    'report only problems in files changed since <git-ref> and links into them (the whole site is still checked)',
  )
  .option(
    '--baseline <manifest>',
    'fail for every route of this _routes.json or sitemap.xml (a file or the URL of the deployed one) that is neither a page nor a redirect now',
  )
  .option('--strict-translations', 'outdated translations are errors, not warnings')
  .action(
    async (opts: {
      timings?: boolean;
      format: DiagnosticFormat;
      changed?: string;
      baseline?: string;
      strictTranslations?: boolean;
    }) => {
      const started = performance.now();
      const { runCheck } = await import('./check.ts');
      const result = await runCheck(root, opts);
      if (opts.format !== 'text') process.stdout.write(formatDiagnostics(result.diagnostics, opts.format));
      else await report(result, started, opts.timings);
      if (result.ok && opts.format === 'text') console.log(checkVerdict(result));
      process.exitCode = result.ok ? 0 : 1;
    },
  );

program
  .command('serve')
  .description(
    'Build (drafts included) and serve the site on 127.0.0.1 with the production URL rules and the contact endpoint.',
  )
  .option('--watch', 'rebuild what a change needs and reload open tabs', false)
  .addOption(new Option('--port <port>', 'port to listen on').default(3000).argParser((v) => Number.parseInt(v, 10)))
  .option('--host <host>', 'address to listen on', '127.0.0.1')
  .option('--out <dir>', 'directory for the served build', '.serve')
  .addOption(
    new Option('--timings', 'print how long each step of every build took, and each page a request had rendered'),
  )
  .action(async (opts: { watch: boolean; port: number; host: string; out: string; timings?: boolean }) => {
    const [{ startDevServer }, { devServerHooks }] = await Promise.all([
      import('../generator/dev/serve.ts'),
      import('../server/dev-hooks.ts'),
    ]);
    await startDevServer({ root, ...opts, hooks: devServerHooks({ root }) });
  });

program
  .command('new')
  .description(
    'Scaffold a draft page in every locale, with placeholders in the language of each file, e.g. `site new glossary ops/storage --title de=Speicher --title en=Storage`.',
  )
  .argument('<section>', 'a configured section, e.g. services, glossary, blog')
  .argument('<path>', 'path inside the section without .md, e.g. databases/redis')
  .option(
    '--author <id>',
    'the author of a post, an id of content/authors.yml (posts need one; without it the command lists them)',
  )
  .option(
    '--title <locale=title>',
    'the title in one locale, e.g. de=Speicher; repeat it per locale',
    (value: string, titles: Record<string, string>) => {
      const at = value.indexOf('=');
      if (at < 1) throw new InvalidArgumentError(`"${value}" is no locale=title pair, e.g. de=Speicher.`);
      return { ...titles, [value.slice(0, at)]: value.slice(at + 1) };
    },
    {},
  )
  .action(async (section: string, pagePath: string, opts: { author?: string; title: Record<string, string> }) => {
    const { scaffoldPage } = await import('../generator/scaffold/scaffold.ts');
    const result = await scaffoldPage(root, section, pagePath, { author: opts.author, titles: opts.title });
    if (!result.ok) {
      console.error(result.error);
      process.exitCode = 1;
      return;
    }
    for (const file of result.files) console.log(`created ${file}`);
  });

program
  .command('explain')
  .description(
    'Explain a rule of the problems site check reports: what it means, how to fix it, an example of the mistake and its fix. Without a rule: list them.',
  )
  .argument('[rule]', 'the id in brackets at the end of a problem, e.g. broken-link')
  .action(async (rule?: string) => {
    const { explainRule, isRuleId, ruleList, unknownRule } = await import(
      '../generator/diagnostics/diagnostics-reference.ts'
    );
    if (rule === undefined) process.stdout.write(ruleList());
    else if (isRuleId(rule)) process.stdout.write(explainRule(rule));
    else {
      process.stderr.write(unknownRule(rule));
      process.exitCode = 1;
    }
  });

registerStartCommand(program, root);
registerContactCommands(program, root);
registerInitCommand(program, root);
registerImportCommand(program, root);
registerI18nCommands(program, root);

await program.parseAsync(process.argv);
