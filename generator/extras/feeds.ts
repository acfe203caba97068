// RSS and Atom per blog-style section and locale, written by the `feed` package. What it is given
// is made fit for where it puts it, since it writes some values as they come:
// - a post's title and description are text the page shows escaped; the package puts them where
//   feed readers read HTML (Atom's type="html", RSS's title and description), so they go in
//   escaped as HTML, and a reader shows `<b>` as the page does, as text;
// - it closes a CDATA section around `]]>` only once: the HTML going into one holds none (`]]&gt;`
//   is the same HTML);
// - it escapes only `&` in Atom's category label, an attribute, where `<` is not allowed: labels go
//   in as markers and are put in after, escaped for an attribute.
import { Feed as FeedWriter } from 'feed';
import { escapeHtml } from '../../common/escape.ts';
import { absoluteUrl } from '../../common/served-url.ts';
import type { SiteConfig } from '../config/config.ts';
import { resolveMarkers } from '../render/render.ts';
import type { Feed, PostPage, SiteGraph } from '../types.ts';

/** Internal links in feed content must be absolute: feed readers have no base URL. The HTML's
 * links are served paths already (with the site's baseUrl): they take the origin only. */
function absolutise(html: string, origin: string): string {
  return html.replace(/(href|src)="\/(?!\/)/g, `$1="${origin}/`);
}

/** `tagline`: the site's description in the feed's language, for a section that has none. */
export function feedFiles(
  config: SiteConfig,
  graph: SiteGraph,
  feed: Feed,
  tagline: string,
): { rss: string; atom: string } {
  const url = (route: string) => absoluteUrl(config, route);
  const origin = new URL(config.url).origin;
  const listRoute = feed.rss.replace(/rss\.xml$/, '');
  // A post whose date was reported as no date (the dev server shows it meanwhile) has no place in
  // a feed, whose entries are dated.
  const posts = feed.posts
    .map((route) => graph.pages[route] as PostPage)
    .filter((post) => /^\d{4}-\d{2}-\d{2}$/.test(post.date));
  const writer = new FeedWriter({
    title: `${config.title} ${feed.title}`,
    description: feed.description || tagline,
    id: url(listRoute),
    link: url(listRoute),
    language: config.locales[feed.locale].htmlLang,
    copyright: config.organization?.name ?? config.title,
    updated: posts[0] ? new Date(`${posts[0].date}T00:00:00Z`) : new Date(0),
    generator: 'site',
    feedLinks: { rss: url(feed.rss), atom: url(feed.atom) },
  });
  const labels: string[] = [];
  for (const post of posts) {
    const doc = graph.documents[post.doc];
    writer.addItem({
      title: escapeHtml(post.title),
      id: url(post.route),
      link: url(post.route),
      description: post.description && escapeHtml(post.description),
      content: noCdataEnd(absolutise(resolveMarkers(doc.html, graph.links[post.doc], config), origin)),
      date: new Date(`${post.date}T00:00:00Z`),
      author: post.authors.map((id) => ({
        name: graph.authors[id]?.name ?? id,
        link: graph.authors[id]?.page ? url(graph.authors[id].page!) : undefined,
      })),
      category: post.tags.map((id) => {
        labels.push(graph.tags[id]?.label[feed.locale] ?? id);
        return { name: labelMarker(labels.length - 1), term: id };
      }),
    });
  }
  // escapeHtml's text is XML too, fit for element content (RSS) and a double-quoted attribute (Atom).
  const label = (_: string, n: string) => escapeHtml(labels[Number(n)]);
  const rss = writer.rss2().replace(LABEL_MARKERS, label);
  const atom = writer.atom1().replace(LABEL_MARKERS, label);
  return { rss, atom };
}

/** A tag's label while the package writes the feed: a character of no text (a private use one)
 * around its number, which no label, URL or escaping of the package makes. */
const labelMarker = (n: number) => `\u{F8FF}${n}\u{F8FF}`;
const LABEL_MARKERS = /\u{F8FF}(\d+)\u{F8FF}/gu;

/** HTML for a CDATA section: `]]>` would end it, `]]&gt;` is the same HTML. */
const noCdataEnd = (html: string) => html.replaceAll(']]>', ']]&gt;');
