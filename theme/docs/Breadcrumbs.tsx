import type { BreadcrumbItem } from '../../generator/types.ts';
import { useTheme } from '../context.ts';
import { localePrefix } from '../../generator/config.ts';

export function Breadcrumbs({ items, current }: { items: BreadcrumbItem[]; current: string }) {
  const { config, page, t } = useTheme();
  return (
    <nav className="breadcrumbs" aria-label={t.docs.breadcrumbs}>
      <ol>
        <li>
          <a href={`${localePrefix(config, page.locale)}/`}>{t.nav.home}</a>
        </li>
        {items.map((item) => (
          <li key={item.label}>{item.route ? <a href={item.route}>{item.label}</a> : item.label}</li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
