// RSS and Atom per blog-style section and locale.
import { Feed as FeedWriter } from 'feed';
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
  const posts = feed.posts.map((route) => graph.pages[route] as PostPage);
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
  for (const post of posts) {
    const doc = graph.documents[post.doc];
    writer.addItem({
      title: post.title,
      id: url(post.route),
      link: url(post.route),
      description: post.description,
      content: absolutise(resolveMarkers(doc.html, graph.links[post.doc], config), origin),
      date: new Date(`${post.date}T00:00:00Z`),
      author: post.authors.map((id) => ({
        name: graph.authors[id]?.name ?? id,
        link: graph.authors[id]?.page ? url(graph.authors[id].page!) : undefined,
      })),
      category: post.tags.map((id) => ({ name: graph.tags[id]?.label[feed.locale] ?? id, term: id })),
    });
  }
  return { rss: writer.rss2(), atom: writer.atom1() };
}
