// The whole HTML document around a page's main content.
import type { ReactNode } from 'react';
import { useTheme } from '../context.ts';
import { Head } from './Head.tsx';
import { Navbar } from './Navbar.tsx';
import { Footer } from './Footer.tsx';

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
        {config.announcement && (
          <div className="announcement" data-announcement-id={config.announcement.id} role="region" aria-label={config.announcement.message}>
            <p>{config.announcement.message}</p>
            <button type="button" className="announcement-close" aria-label={t.banner.dismiss} hidden>
              ×
            </button>
          </div>
        )}
        <Navbar />
        <div className="page" data-page-kind={page.kind}>
          {children}
        </div>
        <Footer />
        <a className="back-to-top" href="#main" aria-label={t.nav.backToTop} hidden>
          ↑
        </a>
      </body>
    </html>
  );
}
