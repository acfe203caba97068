// `llms.txt` and `llms-full.txt` per locale (`/llms.txt`, `/en/llms.txt`), after the llms.txt
// proposal: an H1 with the site's name, a blockquote summary, a paragraph on how to read the site,
// then one H2 section per site section listing its pages as links to their Markdown twins.
// `llms-full.txt` is every page's Markdown in one file. Both list exactly the pages with a twin,
// so drafts and unlisted pages never appear.

import { format } from '../../common/format-message.ts';
import { twinRouteOf } from '../../common/markdown-twin-route.ts';
import { absoluteUrl } from '../../common/served-url.ts';
import { localePrefix, type SiteConfig } from '../config/config.ts';
import type { Messages, MessagesByLocale } from '../theming/messages.ts';
import type { LocaleId, SiteGraph } from '../types.ts';
import type { MarkdownTwin } from './markdown-twins.ts';

export interface LlmsFile {
  path: string;
  contents: string;
}

/** A locale's two files, relative to the site root: `llms.txt`, `en/llms-full.txt`. */
function pathsOf(config: SiteConfig, locale: LocaleId): { index: string; full: string } {
  const prefix = localePrefix(config, locale).slice(1);
  const dir = prefix ? `${prefix}/` : '';
  return { index: `${dir}llms.txt`, full: `${dir}llms-full.txt` };
}

/** Output paths of every locale's files. */
export function llmsPaths(config: SiteConfig, graph: SiteGraph): string[] {
  return graph.locales.flatMap((locale) => Object.values(pathsOf(config, locale)));
}

/** One line of a list: a Markdown link text may not hold brackets unescaped. */
const linkText = (text: string) => text.replace(/([[\]\\])/g, '\\$1');
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What the files take of a twin: its page, and the body for `llms-full.txt`. */
export type LlmsPage = Pick<MarkdownTwin, 'page' | 'body'>;

function sectionsOf(
  config: SiteConfig,
  graph: SiteGraph,
  locale: LocaleId,
  t: Messages,
  twins: LlmsPage[],
): { title: string; twins: LlmsPage[] }[] {
  const prefix = localePrefix(config, locale);
  const standalone = twins.filter((tw) => !tw.page.section);
  const sections = config.sections.map((section) => ({
    title: graph.pages[`${prefix}/${section.id}/`]?.title ?? section.id,
    twins: twins.filter((tw) => tw.page.section === section.id),
  }));
  return [{ title: t.llms.pages, twins: standalone }, ...sections].filter((s) => s.twins.length > 0);
}

/** A locale's two files, from the twins of its pages. */
export function llmsFiles(
  config: SiteConfig,
  graph: SiteGraph,
  messages: MessagesByLocale,
  locale: LocaleId,
  twins: LlmsPage[],
): LlmsFile[] {
  const url = (route: string) => absoluteUrl(config, route);
  const t = messages[locale];
  const { index, full } = pathsOf(config, locale);
  // The site's description, or its home page's where the UI strings set none.
  const summary = oneLine(t.meta.siteDescription || graph.pages[`${localePrefix(config, locale)}/`]?.description || '');
  const head = [`# ${config.title}`, '', ...(summary ? [`> ${summary}`, ''] : [])];
  const lines = [...head, format(t.llms.about, { full: `[llms-full.txt](${url(`/${full}`)})` }), ''];
  for (const section of sectionsOf(config, graph, locale, t, twins)) {
    lines.push(`## ${section.title}`, '');
    for (const tw of section.twins)
      lines.push(
        `- [${linkText(tw.page.title)}](${url(twinRouteOf(tw.page.route))})${tw.page.description ? `: ${oneLine(tw.page.description)}` : ''}`,
      );
    lines.push('');
  }
  const pages = twins.map((tw) =>
    [
      `# ${tw.page.title}`,
      '',
      `URL: ${url(tw.page.route)}`,
      '',
      `> ${oneLine(tw.page.description)}`,
      '',
      tw.body.trimEnd(),
    ].join('\n'),
  );
  return [
    { path: index, contents: `${lines.join('\n').trimEnd()}\n` },
    { path: full, contents: `${head.join('\n')}\n${pages.map((p) => `---\n\n${p}\n`).join('\n')}` },
  ];
}
