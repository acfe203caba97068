// Renders one page of the graph to a complete HTML document.
import { renderToString } from 'react-dom/server';
import type { Page } from '../generator/types.ts';
import { Theme, type ThemeContext } from './context.ts';
import { Document } from './layout/Document.tsx';
import { DocPage } from './docs/DocPage.tsx';
import { Archive, Authors, PostList, Post, Tags } from './blog/BlogPages.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { ContactPage } from './pages/ContactPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { LandingPage, isLanding } from './pages/LandingPage.tsx';
import { useTheme } from './context.ts';
import { localePrefix } from '../common/locale-prefix.ts';

function Content({ page }: { page: Page }) {
  const { config } = useTheme();
  switch (page.kind) {
    case 'doc':
      if (isLanding(page, config.sections, localePrefix(config, page.locale))) return <LandingPage page={page} />;
      return <DocPage page={page} />;
    case 'category':
      return <DocPage page={page} />;
    case 'post':
      return <Post page={page} />;
    case 'post-list':
      return <PostList page={page} />;
    case 'archive':
      return <Archive page={page} />;
    case 'tags':
      return <Tags page={page} />;
    case 'authors':
      return <Authors page={page} />;
    case 'home':
      return <HomePage page={page} />;
    case 'contact':
      return <ContactPage page={page} />;
    case 'not-found':
      return <NotFoundPage />;
  }
}

export function renderPageHtml(ctx: ThemeContext): string {
  return `<!DOCTYPE html>${renderToString(
    <Theme.Provider value={ctx}>
      <Document>
        <Content page={ctx.page} />
      </Document>
    </Theme.Provider>,
  )}`;
}
