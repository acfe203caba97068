// The whole HTML document around a page's main content.
import type { ReactNode } from 'react';
import { useTheme } from '../context.ts';
import { AnnouncementBar } from './AnnouncementBar.tsx';
import { BackToTop } from './BackToTop.tsx';
import { BaseUrlBanner } from './BaseUrlBanner.tsx';
import { Footer } from './Footer.tsx';
import { Head } from './Head.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { Navbar } from './Navbar.tsx';

export function Document({ children }: { children: ReactNode }) {
  const { config, page, t } = useTheme();
  const locale = config.locales[page.locale];
  return (
    <html lang={locale.htmlLang} dir={locale.direction} data-theme={config.colorMode.defaultMode}>
      <Head />
      <body>
        <a className="skip-link" href="#main">
          {t.nav.skipToContent}
        </a>
        <BaseUrlBanner />
        <AnnouncementBar />
        <Navbar />
        <MobileMenu />
        {/* A standalone page is of its layout's kind (home, contact) for the styles and the runtime. */}
        <div className="page" data-page-kind={page.kind === 'standalone' ? page.layout : page.kind}>
          {children}
        </div>
        <Footer />
        <BackToTop />
      </body>
    </html>
  );
}
