// `site check`, optionally narrowed to what changed since a git ref (generator/changed-diagnostics.ts).
import { runBuild, type BuildResult } from '../generator/build.ts';
import { changedSince, diagnosticsForChanges } from '../generator/changed-diagnostics.ts';

export async function runCheck(root: string, changedRef?: string): Promise<BuildResult> {
  let changed: Set<string> | undefined;
  if (changedRef) {
    try {
      changed = changedSince(root, changedRef);
    } catch (error) {
      const diagnostic = { file: '.', message: (error as Error).message, rule: 'changed-ref' as const, severity: 'error' as const, hint: 'pass a branch, tag or commit of this clone; in CI fetch it first (git fetch origin main) and pass origin/main' };
      return { ok: false, diagnostics: [diagnostic], stats: { pages: 0, parsed: 0, rendered: 0, resized: 0, timings: {} } };
    }
  }
  const result = await runBuild({ root, mode: 'check' });
  if (!changed) return result;
  const diagnostics = diagnosticsForChanges(result.diagnostics, changed, result.config, result.graph);
  return { ...result, diagnostics, ok: !diagnostics.some((d) => d.severity === 'error') };
}
