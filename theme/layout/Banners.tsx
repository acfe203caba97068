// The draft and unlisted banners at the top of a page's content.
import type { Page } from '../../generator/types.ts';
import { useTheme } from '../context.ts';
import { Icon } from '../icons/Icon.tsx';

export function Banners({ page }: { page: Page }) {
  const { t } = useTheme();
  return (
    <>
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
