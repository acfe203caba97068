// `site check`, optionally narrowed to what changed since a git ref (generator/validate/changed-diagnostics.ts),
// held against a baseline of yesterday's URLs (generator/validate/route-manifest.ts), with outdated
// translations as errors (generator/validate/translation-status.ts).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { messageOf } from '../common/error-message.ts';
import { type BuildResult, runBuild, sortDiagnostics } from '../generator/build/build.ts';
import { diagnostic, withSiteSeverities } from '../generator/diagnostics/diagnostic-rules.ts';
import type { Diagnostic } from '../generator/types.ts';
import { changedSince, diagnosticsForChanges, servedAt } from '../generator/validate/changed-diagnostics.ts';
import { type Baseline, parseBaseline, removedRoutes } from '../generator/validate/route-manifest.ts';

export interface CheckOptions {
  changed?: string;
  /** A route manifest or sitemap.xml: a file, or the URL of a deployed one. */
  baseline?: string;
  strictTranslations?: boolean;
}

const failed = (diagnostic: Diagnostic): BuildResult => ({
  ok: false,
  diagnostics: [diagnostic],
  stats: { pages: 0, parsed: 0, rendered: 0, resized: 0, timings: {} },
});

async function readBaseline(root: string, source: string): Promise<string> {
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source, { signal: AbortSignal.timeout(30_000) });
    if (!response.ok) throw new Error(`${source} answered ${response.status} ${response.statusText}`);
    return response.text();
  }
  return readFile(path.resolve(root, source), 'utf8');
}

export async function runCheck(root: string, options: CheckOptions = {}): Promise<BuildResult> {
  let changed: Set<string> | undefined;
  if (options.changed) {
    try {
      changed = changedSince(root, options.changed);
    } catch (error) {
      return failed(diagnostic({ file: '.' }, 'changed-ref', 'unknown', { reason: messageOf(error) }));
    }
  }
  let baselineText: string | undefined;
  if (options.baseline) {
    try {
      baselineText = await readBaseline(root, options.baseline);
    } catch (error) {
      return failed(
        diagnostic({ file: options.baseline }, 'route-removed', 'unreadable', { reason: messageOf(error) }),
      );
    }
  }
  const result = await runBuild({ root, mode: 'check', strictTranslations: options.strictTranslations });
  let diagnostics = result.diagnostics;
  if (changed && options.changed) {
    // The pages the changed files served at the ref: one that is gone now is the change's doing,
    // and so is every link and redirect into it.
    const before = result.config ? servedAt(root, options.changed, result.config, changed) : [];
    const vanished =
      result.graph && result.config ? removedRoutes(before, result.graph, '.', result.config, options.changed) : [];
    diagnostics = sortDiagnostics([
      ...diagnosticsForChanges(result.diagnostics, changed, result.config, result.graph, before),
      ...vanished,
    ]);
  }
  const baselineFile = options.baseline;
  if (baselineFile !== undefined && baselineText !== undefined && result.graph && result.config) {
    const baseline: Baseline | { error: string } = parseBaseline(baselineText, result.config);
    diagnostics = [
      ...diagnostics,
      ...('error' in baseline
        ? [diagnostic({ file: baselineFile }, 'route-removed', 'unusable', { reason: baseline.error })]
        : removedRoutes(baseline, result.graph, baselineFile, result.config)),
    ];
  }
  diagnostics = withSiteSeverities(diagnostics, result.config?.rules);
  return { ...result, diagnostics, ok: !diagnostics.some((d) => d.severity === 'error') };
}
