// The closing lines of `site build`, `site check` and `site i18n status`: what was made and what is
// wrong, counted with the right number of each noun, and a verdict that does not call a site with
// warnings one without problems.
import { count } from '../common/count.ts';
import type { BuildResult } from '../generator/build/build.ts';
import type { TranslationState } from '../generator/validate/translation-status.ts';

/** The problems of a result: `2 errors, 1 warning`. */
function problems(result: Pick<BuildResult, 'diagnostics'>): { errors: number; warnings: number } {
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  return { errors, warnings: result.diagnostics.length - errors };
}

/** The line after the problems: that nothing was written, or what was made and how fast. */
export function resultSummary(result: Pick<BuildResult, 'diagnostics' | 'stats'>, seconds: string): string {
  const { errors, warnings } = problems(result);
  if (errors)
    return `\n${count(errors, 'error')}${warnings ? `, ${count(warnings, 'warning')}` : ''}. Nothing was written.`;
  const write = result.stats.write;
  const since = result.stats.upToDateSince;
  const files = !write
    ? ''
    : since
      ? `, ${count(write.unchanged, 'file')}: nothing changed since the last build (${since}), nothing read or written`
      : write.unchangedSite
        ? `, ${count(write.unchanged, 'file')}, all as published: nothing written`
        : `, ${count(write.written, 'file')} written`;
  return `${count(result.stats.pages, 'page')}${files} in ${seconds} s${warnings ? ` (${count(warnings, 'warning')})` : ''}.`;
}

/** `site check`'s verdict when no error failed it: no problems, or the warnings above. */
export function checkVerdict(result: Pick<BuildResult, 'diagnostics'>): string {
  const { warnings } = problems(result);
  return warnings ? `No errors; ${count(warnings, 'warning')} above.` : 'No problems found.';
}

/** `site i18n status`'s last line: `12 pages in 2 locales: 1 translation outdated, 0 missing.` */
export function translationSummary(
  pages: { states: Record<string, Pick<TranslationState, 'state'>> }[],
  locales: string[],
): string {
  const inState = (state: TranslationState['state']) =>
    pages.reduce((n, p) => n + Object.values(p.states).filter((s) => s.state === state).length, 0);
  return `${count(pages.length, 'page')} in ${count(locales.length, 'locale')}: ${count(inState('outdated'), 'translation')} outdated, ${inState('missing')} missing.`;
}
