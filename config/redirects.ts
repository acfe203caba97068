// Moved pages (shared/redirects.txt). Each applies in every locale: `/en` is prefixed for English.
import type { SiteConfigInput } from 'sitesmith';

export const redirects: NonNullable<SiteConfigInput['redirects']> = [
  { from: '/services/operations/', to: '/solutions/company/' },
  { from: '/services/agency-infrastructure/', to: '/solutions/agency/' },
  { from: '/legal/disclosure/', to: '/legal/notice/' },
  { from: '/compare/compare/almwerk-vs-webhosting/', to: '/compare/almwerk-vs-webhosting/' },
];
