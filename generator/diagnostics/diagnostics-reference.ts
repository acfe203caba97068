// The catalogue of diagnostics as people read it: `site explain <rule>` in the terminal, and
// docs/diagnostics.md, written from the catalogue (generator/diagnostics/diagnostic-rules.ts) so it cannot
// drift; tests/engine/unit/diagnostics-reference.test.ts fails when the file and the catalogue disagree
// (UPDATE=1 rewrites it).
import { closestKey } from './closest-key.ts';
import { DIAGNOSTIC_RULES, type DiagnosticRule, docsAnchor, type RuleId } from './diagnostic-rules.ts';

export const DIAGNOSTICS_REFERENCE = 'docs/diagnostics.md';

const RULES = Object.entries(DIAGNOSTIC_RULES) as [RuleId, DiagnosticRule][];

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

export function isRuleId(id: string): id is RuleId {
  return Object.hasOwn(DIAGNOSTIC_RULES, id);
}

/** What `site explain <rule>` prints: the entry, the example of the mistake and its fix. */
export function explainRule(id: RuleId): string {
  const rule: DiagnosticRule = DIAGNOSTIC_RULES[id];
  return [
    `${id} (${rule.severity === 'off' ? 'off by default' : `${rule.severity} by default`})`,
    rule.title,
    '',
    settingLine(id, rule),
    '',
    `How to fix: ${rule.hint}`,
    '',
    `The mistake, in ${rule.example.file}:`,
    indent(rule.example.mistake),
    '',
    'Its fix:',
    indent(rule.example.fix),
    '',
    ...(rule.noFixture
      ? [`Shown by: ${rule.noFixture}`, '']
      : [`Shown by: tests/fixtures/broken/${id}/ (site check there prints it)`, '']),
    `More: ${docsAnchor(id)}`,
    '',
  ].join('\n');
}

/** How a site changes the rule's severity, or why it cannot. */
export function settingLine(id: RuleId, rule: DiagnosticRule): string {
  if (rule.fixed) return `Its severity is the engine's: ${rule.fixed}.`;
  return `Severity on this site: set rules: { '${id}': 'error' | 'warning' | 'off' } in config/site.config.ts (default '${rule.severity}').`;
}

/** What `site explain` says for an id that is no rule: the closest one, or every rule. */
export function unknownRule(id: string): string {
  const close = closestKey(
    id,
    RULES.map(([rule]) => rule),
  );
  if (close) return `"${id}" is no rule; did you mean "${close}"? (site explain ${close})\n`;
  return `"${id}" is no rule. The rules:\n${ruleList()}`;
}

/** Every rule with its title, one a line (`site explain` without a rule). */
export function ruleList(): string {
  const width = Math.max(...RULES.map(([id]) => id.length));
  return `${RULES.map(([id, rule]) => `  ${id.padEnd(width)}  ${rule.title}`).join('\n')}\n`;
}

const code = (text: string) => `\`\`\`\n${text}\n\`\`\``;
const cell = (text: string) => text.replace(/\|/g, '\\|');

/** docs/diagnostics.md: an index of every rule, then each with its hint, example and fix. */
export function diagnosticsReference(): string {
  const out = [
    '# Diagnostics',
    '',
    '<!-- Written from generator/diagnostics/diagnostic-rules.ts by tests/engine/unit/diagnostics-reference.test.ts (UPDATE=1); do not edit by hand. -->',
    '',
    '`site check` (and `site build`, `site serve`) report each problem as `file:line:col  message (hint)  [rule]`.',
    'This page lists every rule: what it means, how to fix it, and an example of the mistake with its fix.',
    '`site explain <rule>` prints the same in the terminal. Warnings do not fail `site check`; errors do.',
    '',
    "Each rule has a default severity that fits any site: the rules of one site's house style (typography, wording, how",
    "links are written) are off or warnings. A site sets a rule's severity in its config, `rules: { 'number-unit': 'error' }`",
    "('error', 'warning' or 'off'; docs/config.md); a rule whose severity is the engine's says so below.",
    '',
    '`site serve --watch` shows the errors as an overlay in the browser, and on a page whose translation lags behind its source,',
    "that status. Each line opens the file at its line in the editor: the config's `editor` (`vscode`, `cursor`, `zed`, `idea`,",
    '`webstorm`, `sublime`, `textmate`, … or a URL template with `{file}`, `{line}` and `{column}`), else `$SITE_EDITOR`, else the',
    'editor `$VISUAL` or `$EDITOR` starts, else VS Code. A saved file is checked at once (its front matter, Markdown, links and',
    'fragments) and its problems reach the overlay with its new text; what the whole-site build then finds elsewhere follows under',
    '"From the whole-site check". The overlay can be dismissed; a problem it did not show brings it back.',
    '',
    '| rule | default | what it means |',
    '| --- | --- | --- |',
    ...RULES.map(([id, rule]) => `| [\`${id}\`](#${id}) | ${rule.severity} | ${cell(rule.title)} |`),
    '',
  ];
  for (const [id, rule] of RULES) {
    out.push(
      `## ${id}`,
      '',
      `**${rule.title}** (${rule.severity} by default)`,
      '',
      settingLine(id, rule),
      '',
      `How to fix: ${rule.hint}`,
      '',
      `The mistake, in \`${rule.example.file}\`:`,
      '',
      code(rule.example.mistake),
      '',
      'Its fix:',
      '',
      code(rule.example.fix),
      '',
      rule.noFixture
        ? `No fixture shows it: ${rule.noFixture}.`
        : `A site that makes this mistake: \`tests/fixtures/broken/${id}/\`, with what \`site check\` prints in its \`expected.txt\`.`,
      '',
    );
  }
  return out.join('\n');
}
