// What every stage reports: one problem, at its file, line and column, under a rule of the
// catalogue (diagnostic-rules.ts), which is the only place that makes one.
import type { RuleId } from './diagnostic-rules.ts';

/** One problem found anywhere in the pipeline, reported as `file:line:col  message  [rule]`. */
export interface Diagnostic {
  file: string;
  line?: number;
  column?: number;
  message: string;
  rule: RuleId;
  hint?: string;
  severity: 'error' | 'warning';
  /** For an unknown front matter key: the key, so the config can accept it (`extraFrontMatterKeys`). */
  key?: string;
  /** What else the problem is about, besides its own file: the other file of a route conflict, the
   * route a redirect leads to. `site check --changed` reports it when the change touched any of them. */
  concerns?: { files?: string[]; routes?: string[] };
}
