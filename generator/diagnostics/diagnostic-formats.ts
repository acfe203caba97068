// The ways `site check` prints its problems: `text` for people (`file:line:col  message  [rule]`),
// `json` for tools (one array), `github` for GitHub Actions (workflow commands, which put each
// problem on the line of the pull request's diff it is about).
import type { Diagnostic } from './diagnostic.ts';

export const DIAGNOSTIC_FORMATS = ['text', 'json', 'github'] as const;
export type DiagnosticFormat = (typeof DIAGNOSTIC_FORMATS)[number];

/** One problem as people read it: `file:line:col  message (hint)  [rule]`. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.line ? `${d.file}:${d.line}:${d.column ?? 1}` : d.file;
  const hint = d.hint ? ` (${d.hint})` : '';
  const level = d.severity === 'warning' ? 'warning: ' : '';
  return `${where}  ${level}${d.message}${hint}  [${d.rule}]`;
}

/** GitHub's escaping of a workflow command's message. */
function escapeData(value: string): string {
  return value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** GitHub's escaping of a workflow command's property values: the message's, plus `:` and `,`. */
function escapeProperty(value: string): string {
  return escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function githubCommand(d: Diagnostic): string {
  const properties = [`file=${escapeProperty(d.file)}`];
  if (d.line) properties.push(`line=${d.line}`, `col=${d.column ?? 1}`);
  properties.push(`title=${escapeProperty(`[${d.rule}]`)}`);
  const message = d.hint ? `${d.message} (${d.hint})` : d.message;
  return `::${d.severity === 'warning' ? 'warning' : 'error'} ${properties.join(',')}::${escapeData(message)}`;
}

/** One diagnostic as `json` prints it: every field present, `null` where it has no value. */
export function diagnosticJson(d: Diagnostic) {
  return {
    file: d.file,
    line: d.line ?? null,
    column: d.column ?? null,
    rule: d.rule,
    severity: d.severity,
    message: d.message,
    hint: d.hint ?? null,
  };
}

/** What `site check --format <format>` prints on standard output for these diagnostics. */
export function formatDiagnostics(diagnostics: Diagnostic[], format: DiagnosticFormat): string {
  if (format === 'json') return `${JSON.stringify(diagnostics.map(diagnosticJson), null, 2)}\n`;
  const lines = diagnostics.map(format === 'github' ? githubCommand : formatDiagnostic);
  return lines.length ? `${lines.join('\n')}\n` : '';
}
