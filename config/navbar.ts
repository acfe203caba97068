// The navbar of spec 2.2. Labels are keys into i18n/<locale>.ts (`nav`); dropdown entries
// without a label show the title of the page they lead to.
import type { SiteConfigInput } from 'sitesmith';

export const navbar: SiteConfigInput['navbar'] = {
  logo: { src: '/img/logo.svg', width: 34, height: 34 },
  items: [
    { label: 'aboutUs', to: '/about-us/' },
    { label: 'caseStudies', to: '/case-studies/' },
    {
      label: 'services',
      to: '/services/',
      items: [
        { to: '/services/quickstart/' },
        { to: '/services/kubernetes/' },
        { to: '/services/databases/' },
        { to: '/services/files-collaboration/' },
        { to: '/services/groupware/' },
        { to: '/services/backups/' },
        { to: '/services/monitoring/' },
        { to: '/services/forge/' },
        { to: '/services/registries/' },
        { to: '/services/included/' },
      ],
    },
    {
      label: 'solutions',
      to: '/solutions/',
      items: [
        { to: '/solutions/agency/' },
        { to: '/solutions/company/' },
        { to: '/solutions/managed-hosting/' },
        { to: '/pricing/', label: 'pricing' },
      ],
    },
    {
      label: 'why',
      items: [
        { to: '/policies/', label: 'policies' },
        { to: '/compare/', label: 'compare' },
      ],
    },
    {
      label: 'knowledge',
      items: [
        { to: '/insights/', label: 'insights' },
        { to: '/blog/', label: 'blog' },
        { to: '/glossary/', label: 'glossary' },
        { to: '/faq/collaboration/', label: 'collaborationFaq' },
      ],
    },
  ],
};
