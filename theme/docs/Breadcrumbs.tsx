import { localePrefix } from '../../common/locale-prefix.ts';
import type { BreadcrumbItem } from '../../generator/types.ts';
import { useHref, useTheme } from '../context.ts';
import { Icon } from '../icons/Icon.tsx';

export function Breadcrumbs({ items, current }: { items: BreadcrumbItem[]; current: string }) {
  const { config, page, t } = useTheme();
  const href = useHref();
  return (
    <nav className="breadcrumbs" aria-label={t.docs.breadcrumbs}>
      <ol>
        <li>
          <a href={href(`${localePrefix(config, page.locale)}/`)} aria-label={t.nav.home} title={t.nav.home}>
            <Icon name="home" size={16} />
          </a>
        </li>
        {items.map((item) => (
          <li key={item.label}>
            {item.route ? <a href={href(item.route)}>{item.label}</a> : <span>{item.label}</span>}
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
