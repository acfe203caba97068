import type { Page } from '../../generator/types.ts';
import { useTheme } from '../context.ts';

export function Banners({ page }: { page: Page }) {
  const { t } = useTheme();
  return (
    <>
      {page.draft && (
        <p className="banner banner-warning" role="note">
          {t.docs.draft}
        </p>
      )}
      {page.unlisted && page.kind !== 'not-found' && (
        <p className="banner banner-warning" role="note">
          {t.docs.unlisted}
        </p>
      )}
    </>
  );
}
