// Which translation lags behind its source page, and by what. A page's source locale is the
// config's `translations.source` (the default locale unless set), or its own `source_locale`. A
// translation is outdated when its source has commits after the translation's last commit, except
// commits whose message carries the trailer `Translation: none`. Without git history only missing
// pages can be told (they are reported by the graph as `missing-translation`).
import { localeOfRoute, routeOf } from '../../common/routes.ts';
import { localePrefix, type SiteConfig } from '../config/config.ts';
import type { Commit, History } from '../content/git-history.ts';
import { diagnostic } from '../diagnostics/diagnostic-rules.ts';
import type {
  Diagnostic,
  LocaleId,
  OutdatedTranslation,
  ParsedDocument,
  Route,
  SiteGraph,
  SourceId,
} from '../types.ts';

export type TranslationState =
  | { state: 'source' | 'done' | 'missing' }
  | { state: 'outdated'; commits: Commit[]; since: string; translatedIn: string };

/** One page in every locale. */
export interface PageTranslations {
  /** The page's path in each locale tree: `services/backups`. */
  path: string;
  source: LocaleId;
  files: Record<LocaleId, SourceId | undefined>;
  states: Record<LocaleId, TranslationState>;
}

/** Documents by their path in the locale trees. */
function groups(
  config: SiteConfig,
  documents: Record<SourceId, ParsedDocument>,
): Map<string, Map<LocaleId, ParsedDocument>> {
  const byPath = new Map<string, Map<LocaleId, ParsedDocument>>();
  for (const doc of Object.values(documents)) {
    if (!config.locales[doc.locale]) continue;
    const group = byPath.get(doc.path) ?? new Map<LocaleId, ParsedDocument>();
    group.set(doc.locale, doc);
    byPath.set(doc.path, group);
  }
  return byPath;
}

function sourceLocale(config: SiteConfig, group: Map<LocaleId, ParsedDocument>): LocaleId {
  for (const doc of group.values()) {
    const own = doc.frontMatter.source_locale;
    if (own && config.locales[own]) return own;
  }
  return config.translations.source ?? config.defaultLocale;
}

function stateOf(history: History | undefined, source: SourceId, translation: SourceId): TranslationState {
  const translated = history?.byFile.get(translation)?.[0];
  // A translation git does not know yet is being written now; a history-less folder can tell nothing.
  if (!history || translated === undefined) return { state: 'done' };
  const ofSource = history.byFile.get(source) ?? [];
  // The commit that created the source is no change to translate: a source written after its
  // translation (the missing page of the source locale added to one that had only the other)
  // was made from it, and does not make it outdated.
  const created = ofSource.at(-1);
  const commits = ofSource
    .filter((i) => i < translated && i !== created)
    .map((i) => history.commits[i])
    .filter((c) => !c.noTranslation);
  if (!commits.length) return { state: 'done' };
  return {
    state: 'outdated',
    commits,
    since: history.commits[translated].date,
    translatedIn: history.commits[translated].hash,
  };
}

export function translationStatus(
  config: SiteConfig,
  documents: Record<SourceId, ParsedDocument>,
  history: History | undefined,
): PageTranslations[] {
  const locales = Object.keys(config.locales);
  const pages: PageTranslations[] = [];
  for (const [pagePath, group] of groups(config, documents)) {
    const source = sourceLocale(config, group);
    const sourceDoc = group.get(source);
    const files: Record<LocaleId, SourceId | undefined> = {};
    const states: Record<LocaleId, TranslationState> = {};
    for (const locale of locales) {
      const doc = group.get(locale);
      files[locale] = doc?.source;
      if (!doc) states[locale] = { state: 'missing' };
      else if (locale === source) states[locale] = { state: 'source' };
      else states[locale] = sourceDoc ? stateOf(history, sourceDoc.source, doc.source) : { state: 'done' };
    }
    pages.push({ path: pagePath, source, files, states });
  }
  return pages.sort((a, b) => a.path.localeCompare(b.path));
}

export function outdatedDiagnostics(pages: PageTranslations[], strict: boolean): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const page of pages) {
    const sourceFile = page.files[page.source];
    for (const [locale, state] of Object.entries(page.states)) {
      if (state.state !== 'outdated' || !sourceFile) continue;
      const found = {
        ...diagnostic({ file: page.files[locale]! }, 'translation-outdated', 'behind', {
          source: sourceFile,
          commits: state.commits,
          since: state.since,
          translatedIn: state.translatedIn,
        }),
        // A change to the source outdates the translation: `site check --changed` reports it.
        concerns: { files: [sourceFile] },
      };
      diagnostics.push(strict ? { ...found, severity: 'error' } : found);
    }
  }
  return diagnostics;
}

/** The locale-free key of an internal link target: `/en/services/#x` -> `/services/`. */
function targetKey(config: SiteConfig, href: string): string | undefined {
  if (!href.startsWith('/')) return undefined;
  const pathname = href.split('#')[0];
  const prefix = localePrefix(config, localeOfRoute(config, pathname));
  return prefix && pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname;
}

/** Positions in `a` that the longest common subsequence with `b` leaves out. */
function unmatched<T>(a: T[], b: T[]): number[] {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i][j] = a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  const left: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length) {
    if (j < b.length && a[i] === b[j]) {
      i++;
      j++;
    } else if (j < b.length && table[i][j + 1] >= table[i + 1][j]) j++;
    else left.push(i++);
  }
  return left;
}

const codeBlocks = (doc: ParsedDocument) => (doc.html.match(/<pre[\s>]/g) ?? []).length;

/** A structure warning with the source it compares against: dropped where either file has an error,
 * since a page being fixed differs from its counterpart for that reason alone. */
export interface StructureDiagnostic {
  diagnostic: Diagnostic;
  source: SourceId;
}

/** What a translation lacks of its source's structure: headings (matched by their levels, in
 * order), code blocks, images and internal link targets. Each page is told once, naming what is missing. */
export function structureDiagnostics(
  config: SiteConfig,
  pages: PageTranslations[],
  documents: Record<SourceId, ParsedDocument>,
  links: SiteGraph['links'],
): StructureDiagnostic[] {
  const diagnostics: StructureDiagnostic[] = [];
  for (const page of pages) {
    const source = page.files[page.source] && documents[page.files[page.source]!];
    if (!source) continue;
    for (const [locale, file] of Object.entries(page.files)) {
      if (locale === page.source || !file) continue;
      const doc = documents[file];
      const headings = unmatched(
        source.headings.map((h) => h.depth),
        doc.headings.map((h) => h.depth),
      ).map((i) => source.headings[i]);
      const code = Math.max(0, codeBlocks(source) - codeBlocks(doc));
      // Images are counted, not matched: a translation may show its own language's picture.
      const images = Math.max(
        0,
        source.links.filter((l) => l.kind === 'image').length - doc.links.filter((l) => l.kind === 'image').length,
      );
      const targets = (d: ParsedDocument) =>
        new Set(
          Object.entries(links[d.source] ?? {}).flatMap(
            ([i, href]) => (d.links[Number(i)]?.kind === 'link' && targetKey(config, href)) || [],
          ),
        );
      const theirs = targets(doc);
      const lacking = [...targets(source)].filter((t) => !theirs.has(t));
      if (!headings.length && !code && !images && !lacking.length) continue;
      diagnostics.push({
        source: source.source,
        diagnostic: diagnostic({ file }, 'translation-structure', 'lacks', {
          source: source.source,
          headings,
          codeBlocks: code,
          images,
          links: lacking,
        }),
      });
    }
  }
  return diagnostics;
}

/** The notice an outdated page shows its visitors: where the original is, and since when. */
export function outdatedNotices(
  config: SiteConfig,
  pages: PageTranslations[],
  documents: Record<SourceId, ParsedDocument>,
): Map<Route, OutdatedTranslation> {
  const notices = new Map<Route, OutdatedTranslation>();
  if (!config.translations.notice) return notices;
  for (const page of pages) {
    const sourceFile = page.files[page.source];
    if (!sourceFile) continue;
    for (const [locale, state] of Object.entries(page.states)) {
      if (state.state !== 'outdated') continue;
      const doc = documents[page.files[locale]!];
      notices.set(routeOf(config, doc), {
        sourceLocale: page.source,
        sourceRoute: routeOf(config, documents[sourceFile]),
        since: state.since,
        commits: state.commits.length,
      });
    }
  }
  return notices;
}

/** The structure warnings of pairs whose files have no errors. */
export function withoutErroneous(structure: StructureDiagnostic[], diagnostics: Diagnostic[]): Diagnostic[] {
  const erroneous = new Set(diagnostics.filter((d) => d.severity === 'error').map((d) => d.file));
  return structure
    .filter((s) => !erroneous.has(s.diagnostic.file) && !erroneous.has(s.source))
    .map((s) => s.diagnostic);
}
