// The navbar and the footer of a Docusaurus config as this engine's config items, and their
// translations (i18n/<locale>/docusaurus-theme-classic/navbar.json, footer.json) with the theme
// strings of code.json that have a counterpart as the site's UI strings (i18n/<locale>.ts).
// Labels stay as written in the default locale; here a label is also the key of its translation.
import type { ConfigLink, DocusaurusSettings } from './read-config.ts';

type Link = { to: string; label?: string } | { href: string; label: string };
export interface NavItem {
  label: string;
  to?: string;
  items?: Link[];
}
export interface FooterGroup {
  title: string;
  items: Link[];
}

export interface Navigation {
  navbar: NavItem[];
  footer: FooterGroup[];
  /** `i18n/<locale>.ts` contents by locale, for locales with anything translated. */
  messages: Record<string, Record<string, Record<string, string>>>;
  problems: string[];
}

/** Docusaurus theme strings (code.json) with the same meaning as a UI string of the engine or of
 * the built-in theme (theme/strings/), which an imported site renders with. A target neither has
 * would be reported by the site's build as an unknown key of its i18n/<locale>.ts. */
const THEME_STRINGS: Record<string, string> = {
  'theme.docs.paginator.previous': 'docs.previous',
  'theme.docs.paginator.next': 'docs.next',
  'theme.TOCCollapsible.toggleButtonLabel': 'docs.onThisPage',
  'theme.docs.sidebar.collapseButtonTitle': 'docs.collapseSidebar',
  'theme.docs.sidebar.expandButtonTitle': 'docs.expandSidebar',
  'theme.docs.sidebar.navAriaLabel': 'docs.sidebar',
  'theme.docs.breadcrumbs.navAriaLabel': 'docs.breadcrumbs',
  'theme.docs.breadcrumbs.home': 'nav.home',
  'theme.common.skipToMainContent': 'nav.skipToContent',
  'theme.BackToTopButton.buttonAriaLabel': 'nav.backToTop',
  'theme.navbar.mobileLanguageDropdown.label': 'nav.language',
  'theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel': 'nav.backToMain',
  'theme.docs.sidebar.closeSidebarButtonAriaLabel': 'nav.closeMenu',
  'theme.docs.sidebar.toggleSidebarButtonAriaLabel': 'nav.openMenu',
  'theme.colorToggle.ariaLabel': 'colorMode.toggle',
  'theme.blog.post.readMore': 'blog.readMore',
  'theme.blog.archive.title': 'blog.archive',
  'theme.tags.tagsPageTitle': 'blog.allTags',
  'theme.blog.paginator.newerEntries': 'blog.newer',
  'theme.blog.paginator.olderEntries': 'blog.older',
  'theme.blog.post.paginator.newerPost': 'blog.newerPost',
  'theme.blog.post.paginator.olderPost': 'blog.olderPost',
  'theme.NotFound.title': 'notFound.title',
  'theme.admonition.note': 'admonition.note',
  'theme.admonition.tip': 'admonition.tip',
  'theme.admonition.info': 'admonition.info',
  'theme.admonition.warning': 'admonition.warning',
  'theme.admonition.danger': 'admonition.danger',
};

export interface NavigationScope {
  settings: DocusaurusSettings;
  themeLabels: Record<
    string,
    { navbar: Record<string, string>; footer: Record<string, string>; code: Record<string, string> }
  >;
  /** The route here of a path of the old site, or undefined when nothing answers it. */
  routeOf: (pathname: string) => string | undefined;
  /** The route of a docs instance (by plugin id), and of a doc (by instance and doc id). */
  docsRoute: (pluginId: string | undefined) => string | undefined;
  docRoute: (pluginId: string | undefined, docId: string) => string | undefined;
}

export function convertNavigation(scope: NavigationScope): Navigation {
  const { settings } = scope;
  const problems: string[] = [];
  const external: Link[] = [];
  const ownHost = (() => {
    try {
      return settings.url ? new URL(settings.url).host : undefined;
    } catch {
      return undefined;
    }
  })();

  /** A link of the old site as a link here; undefined (and reported) when it has no target. */
  const linkOf = (item: ConfigLink, where: string): Link | undefined => {
    const label = item.label;
    if (item.type === 'docSidebar' || item.type === 'docsVersion') {
      const to = scope.docsRoute(item.docsPluginId);
      if (to) return { to, label };
    } else if (item.type === 'doc' && item.docId) {
      const to = scope.docRoute(item.docsPluginId, item.docId);
      if (to) return { to, label };
      problems.push(`${where} "${label ?? item.docId}" left out: doc "${item.docId}" is no page of the import`);
      return undefined;
    }
    let to = item.to;
    if (item.href) {
      try {
        const url = new URL(item.href);
        if (url.host === ownHost) to = url.pathname;
        else if (label) return { href: item.href, label };
      } catch {
        to = item.href;
      }
    }
    if (to !== undefined) {
      const route = scope.routeOf(to.startsWith('/') ? to : `/${to}`);
      if (route) return { to: route, label };
      problems.push(`${where} "${label ?? to}" left out: ${to} is no page of the import`);
      return undefined;
    }
    if (item.type && !['localeDropdown', 'search', 'docsVersionDropdown', 'docsPluginDropdown'].includes(item.type))
      problems.push(`${where} item of type "${item.type}" left out: it has no counterpart here`);
    return undefined;
  };

  const navbar: NavItem[] = [];
  for (const item of settings.navbar) {
    if (item.items.length) {
      const items = item.items.map((i) => linkOf(i, 'navbar link')).filter((l): l is Link => Boolean(l));
      if (items.length && item.label) navbar.push({ label: item.label, items });
      continue;
    }
    const link = linkOf(item, 'navbar link');
    if (!link) continue;
    if ('href' in link) {
      external.push(link);
      problems.push(
        `navbar link "${link.label}" (${link.href}) moved to the footer: the navbar here links to pages of the site`,
      );
    } else navbar.push({ label: link.label ?? link.to, to: link.to });
  }
  const footer: FooterGroup[] = [];
  for (const group of settings.footer) {
    const items = group.items.map((i) => linkOf(i, 'footer link')).filter((l): l is Link => Boolean(l));
    if (items.length) footer.push({ title: group.title ?? settings.title ?? 'Links', items });
  }
  if (external.length) footer.push({ title: settings.title ?? 'Links', items: external });

  // Translations: a label is the key of its translation in the UI strings' `nav` and `footer`.
  const messages: Navigation['messages'] = {};
  for (const [locale, labels] of Object.entries(scope.themeLabels)) {
    const nav: Record<string, string> = {};
    const foot: Record<string, string> = {};
    for (const [key, message] of Object.entries(labels.navbar)) {
      const label = /^item\.label\.(.+)$/.exec(key)?.[1];
      if (label && message !== label) nav[label] = message;
    }
    for (const [key, message] of Object.entries(labels.footer)) {
      const label = /^link\.(?:title|item\.label)\.(.+)$/.exec(key)?.[1];
      if (label && message !== label) foot[label] = message;
    }
    const out: Record<string, Record<string, string>> = {};
    if (Object.keys(nav).length) out.nav = nav;
    if (Object.keys(foot).length) out.footer = foot;
    for (const [key, message] of Object.entries(labels.code)) {
      const target = THEME_STRINGS[key];
      if (!target || message.includes('{')) continue;
      const [group, name] = target.split('.');
      (out[group] ??= {})[name] = message;
    }
    if (Object.keys(out).length) messages[locale] = out;
  }
  return { navbar, footer, messages, problems };
}

/** `i18n/<locale>.ts`: the site's UI strings for a locale, as a plain object (MessagesInput). */
export function messagesText(locale: string, strings: Record<string, Record<string, string>>): string {
  return `// UI strings for "${locale}", made by \`site import docusaurus\` from the Docusaurus translations
// (navbar.json, footer.json, code.json). Strings not given here are the engine's (English for a
// language the engine has none for, with a warning that lists them).
export default ${JSON.stringify(strings, null, 2)};
`;
}
