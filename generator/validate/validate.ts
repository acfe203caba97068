// The validate stage: every rule that needs the whole graph. Runs the same in `check` and `build`.

import { getOrAdd } from '../../common/get-or-add.ts';
import { keyOf, localeOfRoute } from '../../common/routes.ts';
import { forbiddenXmlCharacter } from '../../common/xml-characters.ts';
import { localePrefix, type SiteConfig } from '../config/config.ts';
import type { ConfigFile } from '../config/config-links.ts';
import { locateRedirect } from '../config/config-locations.ts';
import type { SourceFile } from '../content/load.ts';
import { closestKey } from '../diagnostics/closest-key.ts';
import { diagnostic } from '../diagnostics/diagnostic-rules.ts';
import type { Diagnostic, Redirect, Route, SiteGraph } from '../types.ts';
import { checkMarkdownLinks, type LinkContext, routeMap } from './links.ts';

/** The line of the first occurrence of `needle` in a file, for errors about front matter values. */
function lineOf(source: SourceFile | undefined, needle: string): { line: number; column: number } {
  if (!source) return { line: 1, column: 1 };
  const lines = source.raw.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const col = lines[i].indexOf(needle);
    if (col !== -1) return { line: i + 1, column: col + 1 };
  }
  return { line: 1, column: 1 };
}

export interface ValidateInput {
  config: SiteConfig;
  graph: SiteGraph;
  sources: Map<string, SourceFile>;
  files: ReadonlySet<string>;
  /** The config's files as written, where a redirect's problem is reported at its line. */
  configFiles?: ConfigFile[];
}

/** Checks the graph; returns its problems and the resolved href of every Markdown link. */
/** "; did you mean …?" when an id is a slip away from a known one. */

export function validate(input: ValidateInput): {
  links: SiteGraph['links'];
  diagnostics: Diagnostic[];
} {
  const { config, graph, sources, files } = input;
  const diagnostics: Diagnostic[] = [];
  const locales = Object.keys(config.locales);

  // Every page in every locale, paired by the path inside the locale tree.
  const byPath = new Map<string, Map<string, string>>();
  for (const doc of Object.values(graph.documents)) {
    getOrAdd(byPath, doc.path, () => new Map()).set(doc.locale, doc.source);
  }
  for (const [docPath, present] of byPath) {
    for (const locale of locales) {
      if (present.has(locale)) continue;
      const [existingLocale, existing] = [...present][0];
      diagnostics.push(
        diagnostic({ file: existing, line: 1, column: 1 }, 'missing-translation', 'missing', {
          label: config.locales[locale].label,
          missing: `content/${locale}/${docPath}.md`,
          existing: `content/${existingLocale}/${docPath}.md`,
        }),
      );
    }
  }

  for (const doc of Object.values(graph.documents)) {
    const source = sources.get(doc.source);
    for (const author of doc.frontMatter.authors ?? []) {
      if (!graph.authors[author]) {
        const known = Object.keys(graph.authors);
        diagnostics.push(
          diagnostic({ file: doc.source, ...lineOf(source, author) }, 'unknown-author', 'unknown', {
            author,
            suggestion: closestKey(author, known),
            known,
          }),
        );
      }
    }
    for (const tag of doc.frontMatter.tags ?? []) {
      if (!graph.tags[tag]) {
        const known = Object.keys(graph.tags);
        diagnostics.push(
          diagnostic({ file: doc.source, ...lineOf(source, tag) }, 'unknown-tag', 'unknown', {
            tag,
            suggestion: closestKey(tag, known),
            known,
          }),
        );
      }
    }
  }

  diagnostics.push(...sameTitles(graph));

  const redirectSources = new Map<Route, Route>();
  const configFiles = input.configFiles ?? [];
  // A redirect of the config written with a locale prefix: one error for the entry, not one per locale.
  const prefixed = new Set(prefixedRedirects(config, configFiles, diagnostics));
  for (const redirect of graph.redirects) {
    redirectSources.set(redirect.from, redirect.to);
    const entry = entryOf(config, redirect);
    if (entry && prefixed.has(entry)) continue;
    const at = (key: 'from' | 'to') => (entry && locateRedirect(configFiles, entry, key)) || { file: redirect.origin };
    if (graph.pages[redirect.from]) {
      const page = graph.pages[redirect.from];
      const source = 'doc' in page && page.doc ? page.doc : undefined;
      diagnostics.push({
        ...diagnostic(at('from'), 'redirect-shadows-page', 'shadows', {
          from: redirect.from,
          page: source ?? page.kind,
        }),
        concerns: { routes: [redirect.from], files: source ? [source] : [] },
      });
    }
    if (!graph.pages[redirect.to]) {
      diagnostics.push({
        ...diagnostic(at('to'), 'redirect-target-missing', 'missing', {
          from: redirect.from,
          to: redirect.to,
          suggestion: closestRoute(config, graph, redirect.to),
        }),
        concerns: { routes: [redirect.to] },
      });
    }
  }

  diagnostics.push(...feedCharacters(graph, sources));

  const ctx: LinkContext = { config, graph, files, routeOfSource: routeMap(config, graph), redirectSources };
  const checked = checkMarkdownLinks(ctx);
  diagnostics.push(...checked.diagnostics);
  return { links: checked.links, diagnostics };
}

/** The route of the config a redirect's missing target is most likely a slip of (`/services/hostng/`
 * for `/services/hosting/`), written as the config writes it: without the locale prefix. */
function closestRoute(config: SiteConfig, graph: SiteGraph, to: Route): string | undefined {
  const locale = localeOfRoute(config, to);
  const keys = Object.values(graph.pages)
    .filter((p) => p.locale === locale)
    .map((p) => p.key);
  return closestKey(keyOf(config, to), keys, (length) => Math.max(2, Math.floor(length / 6)));
}

/** Pages of one locale with one title: a warning at each after the first, at its `title:` line. */
function sameTitles(graph: SiteGraph): Diagnostic[] {
  const first = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  const pages = Object.values(graph.pages).flatMap((page) => ('doc' in page && page.doc ? [page.doc] : []));
  for (const source of pages.sort()) {
    const doc = graph.documents[source];
    if (!doc) continue;
    const key = `${doc.locale}\n${doc.frontMatter.title.trim()}`;
    const other = first.get(key);
    if (!other) {
      first.set(key, source);
      continue;
    }
    const at = doc.frontMatterAt?.title;
    diagnostics.push({
      ...diagnostic({ file: source, line: at?.line ?? 1, column: at?.column ?? 1 }, 'duplicate-title', 'otherPage', {
        title: doc.frontMatter.title,
        other,
      }),
      concerns: { files: [other] },
    });
  }
  return diagnostics;
}

type RedirectEntry = SiteConfig['redirects'][number];

/** The redirect of the config a redirect of the graph was made from, in one of the locales. */
function entryOf(config: SiteConfig, redirect: Redirect): RedirectEntry | undefined {
  const prefixes = Object.keys(config.locales).map((l) => localePrefix(config, l));
  return config.redirects.find((e) =>
    prefixes.some((prefix) => `${prefix}${e.from}` === redirect.from && `${prefix}${e.to}` === redirect.to),
  );
}

/** Redirects of the config that start with a locale's prefix (`/en/a/`): each applies in every
 * locale with that locale's prefix too (`/en/en/a/`). Reported once each, at its `from`. */
function prefixedRedirects(config: SiteConfig, files: ConfigFile[], diagnostics: Diagnostic[]): RedirectEntry[] {
  const prefixes = Object.keys(config.locales)
    .map((l) => localePrefix(config, l))
    .filter(Boolean);
  return config.redirects.filter((entry) => {
    const prefix = prefixes.find((p) => entry.from.startsWith(`${p}/`) || entry.to.startsWith(`${p}/`));
    if (!prefix) return false;
    const made = Object.keys(config.locales)
      .map((l) => localePrefix(config, l))
      .filter(Boolean)
      .map((p) => `${p}${entry.from} → ${p}${entry.to}`);
    diagnostics.push({
      ...diagnostic(
        locateRedirect(files, entry, 'from') ?? { file: 'config/site.config.ts' },
        'redirect-target-missing',
        'prefixed',
        {
          from: entry.from,
          to: entry.to,
          prefix,
          made,
        },
      ),
      concerns: { routes: [entry.to] },
    });
    return true;
  });
}

/** A character XML forbids in the body of a post the feeds carry, at its line: the feed would not
 * parse. Its front matter is checked where it is read (generator/content/frontmatter.ts). */
function feedCharacters(graph: SiteGraph, sources: Map<string, SourceFile>): Diagnostic[] {
  const posts = new Set(
    graph.feeds.flatMap((feed) =>
      feed.posts.map((route) => {
        const page = graph.pages[route];
        return page && 'doc' in page ? page.doc : undefined;
      }),
    ),
  );
  const diagnostics: Diagnostic[] = [];
  for (const id of posts) {
    const doc = id ? graph.documents[id] : undefined;
    const source = doc && sources.get(doc.source);
    if (!doc || !source) continue;
    const lines = source.raw.split('\n');
    for (let i = doc.bodyLine - 1; i < lines.length; i++) {
      const found = forbiddenXmlCharacter(lines[i]);
      if (!found) continue;
      diagnostics.push(
        diagnostic({ file: doc.source, line: i + 1, column: found.index + 1 }, 'xml-character', 'body', {
          codePoint: found.codePoint,
        }),
      );
    }
  }
  return diagnostics;
}
