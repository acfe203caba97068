// The draft, unlisted and outdated-translation banners at the top of a page's content.

import { format } from '../../common/format-message.ts';
import type { Page } from '../../generator/types.ts';
import { useHref, useTheme } from '../context.ts';
import { formatDate } from '../format.ts';
import { Icon } from '../icons/Icon.tsx';

export function Banners({ page }: { page: Page }) {
  const { t, config } = useTheme();
  const outdated = page.translation;
  const href = useHref();
  return (
    <>
      {outdated && (
        <div className="banner banner-outdated" role="note">
          <Icon name="info" />
          <p>
            {format(t.docs.outdatedTranslation, {
              language: config.locales[outdated.sourceLocale]?.label ?? outdated.sourceLocale,
              date: formatDate(outdated.since, config.locales[page.locale].htmlLang),
            })}{' '}
            <a href={href(outdated.sourceRoute)} hrefLang={config.locales[outdated.sourceLocale]?.htmlLang}>
              {t.docs.readOriginal}
            </a>
          </p>
        </div>
      )}
      {page.draft && (
        <div className="banner banner-draft" role="note">
          <Icon name="warning" />
          <p>{t.docs.draft}</p>
        </div>
      )}
      {page.unlisted && page.kind !== 'not-found' && (
        <div className="banner banner-unlisted" role="note">
          <Icon name="info" />
          <p>{t.docs.unlisted}</p>
        </div>
      )}
    </>
  );
}
