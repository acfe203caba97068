// Structured data where it fits: Organization and WebSite on the home page, BreadcrumbList on
// docs pages, BlogPosting on posts.

import { absoluteUrl } from '../../common/served-url.ts';
import type { ThemeContext } from '../context.ts';

export function jsonLdOf({ config, page, graph, t }: ThemeContext): object | undefined {
  const url = (route: string) => absoluteUrl(config, route);
  const organization = config.organization;
  if (page.kind === 'standalone' && page.layout === 'home') {
    const address = organization?.address;
    const website = {
      '@type': 'WebSite',
      name: config.title,
      url: url(page.route),
      inLanguage: config.locales[page.locale].htmlLang,
      ...(t.meta.siteDescription ? { description: t.meta.siteDescription } : {}),
      ...(organization ? { publisher: { '@id': `${url('/')}#organization` } } : {}),
    };
    if (!organization) return { '@context': 'https://schema.org', ...website };
    return {
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'Organization',
          '@id': `${url('/')}#organization`,
          name: organization.name,
          url: url('/'),
          logo: url(organization.logo ?? config.navbar.logo.src),
          ...(organization.email ? { email: organization.email } : {}),
          ...(organization.phone ? { telephone: organization.phone } : {}),
          ...(address
            ? {
                address: {
                  '@type': 'PostalAddress',
                  ...(address.street ? { streetAddress: address.street } : {}),
                  ...(address.postalCode ? { postalCode: address.postalCode } : {}),
                  ...(address.locality ? { addressLocality: address.locality } : {}),
                  ...(address.country ? { addressCountry: address.country } : {}),
                },
              }
            : {}),
        },
        website,
      ],
    };
  }
  if (page.kind === 'doc' || page.kind === 'category') {
    const crumbs = [...page.breadcrumbs, { label: page.title, route: page.route }];
    return {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((c, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: c.label,
        ...(c.route ? { item: url(c.route) } : {}),
      })),
    };
  }
  if (page.kind === 'post') {
    return {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: page.title,
      description: page.description,
      datePublished: page.date,
      inLanguage: config.locales[page.locale].htmlLang,
      mainEntityOfPage: url(page.route),
      author: page.authors.map((id) => ({
        '@type': 'Person',
        name: graph.authors[id]?.name ?? id,
        ...(graph.authors[id]?.page ? { url: url(graph.authors[id].page!) } : {}),
      })),
      keywords: page.tags.map((id) => graph.tags[id]?.label[page.locale] ?? id).join(', '),
      publisher: { '@type': 'Organization', name: organization?.name ?? config.title, url: url('/') },
    };
  }
  return undefined;
}
