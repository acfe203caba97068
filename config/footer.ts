// The footer of spec 2.3. Group titles and labels are keys into i18n/<locale>.ts (`footer`, `nav`).
import type { SiteConfigInput } from 'sitesmith';

export const footer: SiteConfigInput['footer'] = {
  groups: [
    {
      title: 'legal',
      items: [
        { to: '/legal/notice/' },
        { to: '/legal/privacy/' },
        { to: '/legal/terms/' },
        { to: '/legal/terms-of-service/' },
        { to: '/legal/dpa/' },
        { to: '/legal/attributions/' },
        { to: '/policies/', label: 'policies' },
      ],
    },
    {
      title: 'company',
      items: [
        { to: '/about-us/' },
        { to: '/about-us/careers/' },
        { to: '/contact/' },
        { to: '/pricing/', label: 'pricing' },
        { to: '/trust/security/' },
        { to: '/trust/service-level/' },
        // The status page runs apart from the platform it reports on, so it stays reachable when that is down.
        { href: 'https://status.almwerk.example', label: 'statusPage' },
      ],
    },
    {
      title: 'knowledge',
      items: [
        { to: '/insights/', label: 'insights' },
        { to: '/blog/', label: 'blog' },
        { to: '/glossary/', label: 'glossary' },
        { to: '/case-studies/', label: 'caseStudies' },
        { to: '/faq/', label: 'faqs' },
        { to: '/services/', label: 'services' },
        { to: '/solutions/', label: 'solutions' },
        { to: '/compare/', label: 'compare' },
      ],
    },
  ],
};
