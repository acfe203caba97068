// `site i18n status`: every page, its locales, and whether each translation is done, outdated or
// missing (generator/validate/translation-status.ts).
import { type Command, Option } from 'commander';
import { count } from '../common/count.ts';
import type { PageTranslations, TranslationState } from '../generator/validate/translation-status.ts';
import { translationSummary } from './summaries.ts';

const FORMATS = ['text', 'json', 'md'] as const;
type Format = (typeof FORMATS)[number];

function describe(state: TranslationState): string {
  if (state.state !== 'outdated') return state.state;
  return `outdated (${count(state.commits.length, 'commit')} since ${state.since})`;
}

function table(pages: PageTranslations[], locales: string[], format: Format): string {
  const rows = pages.map((p) => [p.path || '(home)', ...locales.map((l) => describe(p.states[l]))]);
  const head = ['page', ...locales];
  if (format === 'md') return [head, head.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
  const widths = head.map((_, i) => Math.max(...[head, ...rows].map((r) => r[i].length)));
  return [head, ...rows]
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function registerI18nCommands(program: Command, root: string): void {
  const i18n = program.command('i18n').description('Translation status of the content.');
  i18n
    .command('status')
    .description(
      'List every page with its state in each locale: source, done, outdated (by how many commits of the source, since when) or missing. Reads the git history; without it only missing pages are told.',
    )
    .addOption(
      new Option('--format <format>', 'text for people, json for tools, md for a pull request comment')
        .choices(FORMATS)
        .default('text'),
    )
    .action(async (opts: { format: Format }) => {
      // The engine loads when the command runs: every other command starts without it.
      const { formatDiagnostic, runBuild } = await import('../generator/build/build.ts');
      const result = await runBuild({ root, mode: 'check' });
      if (!result.translations || !result.config) {
        for (const d of result.diagnostics) console.error(formatDiagnostic(d));
        process.exitCode = 1;
        return;
      }
      const pages = result.translations;
      if (opts.format === 'json') {
        console.log(JSON.stringify(pages, null, 2));
        return;
      }
      const locales = Object.keys(result.config.locales);
      console.log(table(pages, locales, opts.format));
      console.log(`\n${translationSummary(pages, locales)}`);
    });
}
