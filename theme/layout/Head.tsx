// The <head>: title, description, canonical, hreflang alternates, social cards, feeds, JSON-LD.

import { hasMarkdownTwin, twinRouteOf } from '../../common/markdown-twin-route.ts';
import { absoluteUrl, servedPath } from '../../common/served-url.ts';
import { socialImageOf } from '../../common/social-image-path.ts';
import { useTheme } from '../context.ts';
import { RUNTIME_DATA_ID, runtimeDataJson } from '../runtime-data.ts';
import { documentTitle } from './document-title.ts';
import { jsonLdOf } from './json-ld.ts';

export function Head() {
  const ctx = useTheme();
  const { config, page, assets, alternates, graph, t } = ctx;
  const title = documentTitle(config, graph, page, t.meta.tagline);
  const url = (route: string) => absoluteUrl(config, route);
  const href = (route: string) => servedPath(config, route);
  const description = page.description || t.meta.siteDescription;
  const image = url(socialImageOf(config, page));
  const defaultAlternate = alternates.find((a) => a.locale === config.defaultLocale);
  const feeds = graph.feeds.filter((f) => f.locale === page.locale);
  const jsonLd = jsonLdOf(ctx);
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      {description && <meta name="description" content={description} />}
      {page.kind !== 'not-found' && <link rel="canonical" href={url(page.route)} />}
      {page.noindex && <meta name="robots" content="noindex, nofollow" />}
      {page.kind !== 'not-found' &&
        alternates.map((a) => (
          <link key={a.locale} rel="alternate" hrefLang={config.locales[a.locale].htmlLang} href={url(a.route)} />
        ))}
      {page.kind !== 'not-found' && defaultAlternate && (
        <link rel="alternate" hrefLang="x-default" href={url(defaultAlternate.route)} />
      )}
      {hasMarkdownTwin(page) && <link rel="alternate" type="text/markdown" href={href(twinRouteOf(page.route))} />}
      <meta property="og:title" content={page.title} />
      {description && <meta property="og:description" content={description} />}
      <meta property="og:type" content={page.kind === 'post' ? 'article' : 'website'} />
      {/* A not-found page answers at any address: it claims none. */}
      {page.kind !== 'not-found' && <meta property="og:url" content={url(page.route)} />}
      <meta property="og:image" content={image} />
      <meta property="og:locale" content={config.locales[page.locale].htmlLang} />
      <meta property="og:site_name" content={config.title} />
      {/* X reads og:title and og:description where its own are missing: only what has no og: twin. */}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      {image && <meta name="twitter:image" content={image} />}
      <meta name="color-scheme" content="dark light" />
      {page.kind === 'post' && <meta property="article:published_time" content={page.date} />}
      {page.kind === 'doc' && graph.documents[page.doc]?.frontMatter.keywords && (
        <meta name="keywords" content={graph.documents[page.doc].frontMatter.keywords!.join(', ')} />
      )}
      <link rel="icon" href={href(config.favicon)} type="image/svg+xml" />
      {feeds.flatMap((f) => [
        <link
          key={f.rss}
          rel="alternate"
          type="application/rss+xml"
          href={href(f.rss)}
          title={`${config.title} ${f.title} RSS`}
        />,
        <link
          key={f.atom}
          rel="alternate"
          type="application/atom+xml"
          href={href(f.atom)}
          title={`${config.title} ${f.title} Atom`}
        />,
      ])}
      <script dangerouslySetInnerHTML={{ __html: assets.colorModeScript }} />
      {assets.fonts.map((font) => (
        <link key={font} rel="preload" href={href(font)} as="font" type="font/woff2" crossOrigin="anonymous" />
      ))}
      <link rel="stylesheet" href={href(assets.css)} />
      <script type="module" src={href(assets.js)} />
      {assets.jsImports.map((src) => (
        <link key={src} rel="modulepreload" href={href(src)} />
      ))}
      <script type="application/json" id={RUNTIME_DATA_ID} dangerouslySetInnerHTML={{ __html: runtimeDataJson(ctx) }} />
      {jsonLd && (
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }}
        />
      )}
    </head>
  );
}
