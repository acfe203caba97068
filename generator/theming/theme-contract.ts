// The theme contract: what a theme gives the engine, and what the engine gives every page it
// asks the theme to render. A theme is a module (a folder's index.ts, or a package) whose default
// export satisfies `Theme`; the site's config names it (`theme`), and theme-loader.ts bundles and
// loads it. The engine knows a theme by these types only, never by its files.

import type { ZodType } from 'zod';
import type { BookingState, ContactFormState, RevealState } from '../../common/forms.ts';
import type { SiteConfig } from '../config/config.ts';
import type { NamedRoute } from '../config/config-links.ts';
import type { BodySection, Page, Route, SiteGraph, StandalonePage } from '../types.ts';
import type { Messages } from './messages.ts';

/** The built client files a page links, with their hashed public paths. */
export interface Assets {
  css: string;
  js: string;
  /** Modules the runtime imports as it starts: preloaded beside it, not discovered after it. */
  jsImports: string[];
  /** Font files every page uses above the fold: preloaded, so they are there for the first paint. */
  fonts: string[];
  /** Scripts of islands by name, for pages that have one. */
  islands: Record<string, string>;
  /** The theme's `assetFiles` by name, each at its hashed path (`icons.svg`: `/assets/icons.<hash>.svg`). */
  assetFiles: Record<string, string>;
  /** The inline script that sets the colour mode before first paint. */
  colorModeScript: string;
}

/** Everything a page's render may read: the page, the graph, the UI strings (the engine's and the
 * theme's own, `S`), the theme's options (`themeConfig`, as its schema gives them, `C`) and the assets. */
export interface ThemeContext<S extends object = object, C = unknown> {
  config: SiteConfig;
  graph: SiteGraph;
  page: Page;
  t: Messages & S;
  /** The config's `themeConfig`, checked and completed by the theme's `config.schema`. */
  themeConfig: C;
  assets: Assets;
  /** The same page in every locale that has it. */
  alternates: { locale: string; route: Route }[];
  /** A document's HTML with its links resolved. */
  bodyOf: (source: string) => string;
  /** A document's parts (the text before the first `##`, each `##` section, the footnotes), each
   * with its blocks' HTML and shape and its links resolved, for the pages a theme lays out by
   * them (the root page, the index pages of sections); another document comes whole, as one part. */
  sectionsOf: (source: string) => BodySection[];
  excerptOf: (source: string) => string;
}

/** What esbuild bundles for the browser, relative to the theme's folder. */
export interface ThemeFiles {
  /** The runtime every page loads. */
  client: string;
  /** The stylesheet every page links. It may `@import "site:design"`: the engine answers with the
   * config's `design` (fonts, palette) as CSS, laid over the theme's own defaults. */
  styles: string;
  /** Optional: a folder, every `*.tsx` in it an island, its own entry, loaded only by pages that
   * render it (none without it). */
  islands?: string;
  /** Optional: a module whose exports are `ThemeForms`. `site build` bundles it for Node, with the
   * site's component overrides and React, into the build's `_server/forms.mjs`, which `site start`
   * loads to answer a form posted without JavaScript. A theme without it gets a plain page with
   * the backend's message in the visitor's language. */
  forms?: string;
}

/** The contact page's forms rendered again on the server, for a browser that posted without
 * JavaScript: each takes the setup its island root carries in the built page (`data-props` of the
 * `data-island-root` element, common/forms.ts names the roots) and the contact backend's state (the
 * values and errors of the answer, or its success), and gives the root's HTML, which replaces the
 * root in the built page. The setups are the theme's own (what its islands read); the states are
 * the backend's, the same for every theme. A theme types its module
 * `satisfies ThemeForms<ItsFormSetup, ItsRevealSetup, ItsBookingSetup>`; the server, which hands a
 * setup back as it read it from the page, knows them as `unknown`. */
export interface ThemeForms<FormSetup = unknown, RevealSetup = unknown, BookingSetup = unknown> {
  /** The contact form (root `FORM_ROOT`). */
  form(setup: FormSetup, state: ContactFormState): string;
  /** The contact details shown on request (root `REVEAL_ROOT`). */
  reveal(setup: RevealSetup, state: RevealState): string;
  /** The booking of an appointment, with the list of free times (root `BOOKING_ROOT`). */
  booking(setup: BookingSetup, state: BookingState): string;
}

/** What the theme's runtime sends to the analytics endpoint (config `analytics`): the event names
 * and, per property, the values it may carry. The endpoint counts these and refuses the rest, so
 * nobody can grow its table with made-up names; the config's `analytics.events` and
 * `analytics.properties` add to them. The property `locale` takes the site's locales (`htmlLang`). */
export interface ThemeAnalytics {
  events: readonly string[];
  properties: Readonly<Record<string, readonly string[]>>;
}

/** The page type of the graph a kind names. */
export type PageOfKind<K extends Page['kind']> = Page extends infer P
  ? P extends { kind: infer Kinds }
    ? K extends Kinds
      ? P
      : never
    : never
  : never;

/** How a page of each kind of the graph becomes HTML; the standalone pages by their layout. */
export type PageRenderers<S extends object = object, C = unknown> = {
  [K in Exclude<Page['kind'], 'standalone'>]: (ctx: ThemeContext<S, C> & { page: PageOfKind<K> }) => string;
};

/** How a standalone page becomes HTML: one renderer per layout name (StandalonePage.layout). */
export type LayoutRenderers<S extends object = object, C = unknown> = Record<
  string,
  (ctx: ThemeContext<S, C> & { page: StandalonePage }) => string
>;

/** A label the theme shows from its options: a key into the UI strings (looked up in `groups`, the
 * first that has it wins) or text. The build checks every key in every locale, at its line. */
export interface ThemeLabel {
  label: string;
  groups: readonly string[];
  /** The component that shows it, for the error. */
  component: string;
  /** How the error names it: "the navbar button". */
  what: string;
}

/** The theme's own part of the config (`themeConfig`): its schema, and what in it the build checks
 * as it checks the engine's keys. */
export interface ThemeConfigContract<C> {
  /** A zod schema (as generator/config/config.ts uses): a key or value it refuses is a config error at
   * its line, with the closest key; its defaults complete what the site leaves out. */
  schema: ZodType<C>;
  /** The labels among the options (checked in every locale's strings). */
  labels?: (options: C) => ThemeLabel[];
  /** Groups of the UI strings that hold labels of the options (`home`): a key a site adds there
   * that no option names is shown nowhere, and is reported so. */
  labelGroups?: readonly string[];
  /** The site routes the options link to (checked as the navbar's links are). */
  links?: (options: C) => NamedRoute[];
}

export interface Theme<S extends object = object, C = unknown> {
  /** A whole HTML document (`<!DOCTYPE html>…`) for a page of each kind of the graph. */
  pages: PageRenderers<S, C>;
  /** The same for the pages outside the sections, by layout name: the built-in theme's are `home`
   * (the root page) and `contact` (the contact page, with the contact backend's forms). A page
   * whose layout the theme does not have is an `unknown-layout` error at its file. */
  layouts: LayoutRenderers<S, C>;
  /** The UI strings of the theme's components with their defaults, per locale. The engine lays
   * them over its own strings and the site's `i18n/<locale>.ts` over both; a key the site sets
   * that neither has is an error at its line. */
  strings: Record<string, S>;
  /** The locale whose strings stand in for a locale the theme has none for (default `en`). */
  fallbackLocale?: string;
  /** Optional: the analytics events and property values its runtime sends (none without it). */
  analytics?: ThemeAnalytics;
  /** The theme's options: the config's `themeConfig`. Without it, `themeConfig` must be empty. */
  config?: ThemeConfigContract<C>;
  /** The inline script in `<head>` that settles the colour mode (and what else must not flash)
   * before first paint; the production server allows it by its hash. */
  colorModeScript: (config: SiteConfig) => string;
  files: ThemeFiles;
  /** Optional: files its pages link besides the runtime and the stylesheet, by file name with their
   * text (the built-in theme's icon sprite, `icons.svg`, which every icon names with `<use>`). The
   * engine writes each among the hashed assets (`assets/icons.<hash>.svg`, cached for a year, so a
   * page links it once for the whole visit) and gives its path in `assets.assetFiles[name]`. */
  assetFiles?: Record<string, string>;
  /** Optional: the names of the art it draws for the config's `design.heroArt` (behind its home
   * page's hero and, through `socialCardArt`, on the social cards); another name is a config error. */
  arts?: readonly string[];
  /** The art drawn on the right of every social card (SVG markup in a 640 x 520 box, stroked in
   * `color`), for the config's `design.heroArt` names the theme knows (`contours` for the built-in
   * theme); `undefined` leaves the card plain, or shows the config's own art file. */
  socialCardArt?: (config: SiteConfig, color: string) => string | undefined;
  /** The colour tokens the theme's stylesheet reads (`accent` is `--accent`): the names the
   * config's `design.palette` may set; any other is a config error. */
  tokens?: readonly string[];
}

/** A page rendered by its kind's renderer. */
export function renderWith(theme: Theme, ctx: ThemeContext): string {
  // The key is the page's own kind (or layout), so the renderer gets the page type it expects.
  const { page } = ctx;
  const render = (page.kind === 'standalone' ? theme.layouts[page.layout] : theme.pages[page.kind]) as
    | ((ctx: ThemeContext) => string)
    | undefined;
  // The build reports an unknown layout before rendering (standalone-pages.ts); this is for a page rendered on its own.
  if (!render) throw new Error(`the theme has no layout "${(page as StandalonePage).layout}"`);
  return render(ctx);
}
