// Renders one page of the graph to a complete HTML document: one renderer per page kind, as the
// theme contract (generator/theming/theme-contract.ts) asks.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { localePrefix } from '../common/locale-prefix.ts';
import type { LayoutRenderers, PageRenderers } from '../generator/theming/theme-contract.ts';
import { Archive, Authors, Post, PostList, Tags } from './blog/BlogPages.tsx';
import { Theme, type ThemeContext } from './context.ts';
import { DocPage } from './docs/DocPage.tsx';
import { Document } from './layout/Document.tsx';
import type { ThemeOptions } from './options.ts';
import { ContactPage } from './pages/ContactPage.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { isLanding, LandingPage } from './pages/LandingPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import type { ThemeStrings } from './strings.ts';

function documentOf(ctx: ThemeContext, content: ReactNode): string {
  return `<!DOCTYPE html>${renderToString(
    <Theme.Provider value={ctx}>
      <Document>{content}</Document>
    </Theme.Provider>,
  )}`;
}

export const pages: PageRenderers<ThemeStrings, ThemeOptions> = {
  doc: (ctx) =>
    documentOf(
      ctx,
      isLanding(ctx.page, ctx.config.sections, localePrefix(ctx.config, ctx.page.locale)) ? (
        <LandingPage page={ctx.page} />
      ) : (
        <DocPage page={ctx.page} />
      ),
    ),
  category: (ctx) => documentOf(ctx, <DocPage page={ctx.page} />),
  post: (ctx) => documentOf(ctx, <Post page={ctx.page} />),
  'post-list': (ctx) => documentOf(ctx, <PostList page={ctx.page} />),
  archive: (ctx) => documentOf(ctx, <Archive page={ctx.page} />),
  tags: (ctx) => documentOf(ctx, <Tags page={ctx.page} />),
  authors: (ctx) => documentOf(ctx, <Authors page={ctx.page} />),
  'not-found': (ctx) => documentOf(ctx, <NotFoundPage />),
};

/** The pages outside the sections, by the layout each names. */
export const layouts: LayoutRenderers<ThemeStrings, ThemeOptions> = {
  home: (ctx) => documentOf(ctx, <HomePage page={ctx.page} />),
  contact: (ctx) => documentOf(ctx, <ContactPage page={ctx.page} />),
};
