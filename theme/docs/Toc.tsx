// The table of contents (levels from the page's settings, 2 to 3 by default). The client marks
// the section in view.
import type { TocItem } from '../../generator/types.ts';
import { useTheme } from '../context.ts';

export function Toc({ items, id = 'toc' }: { items: TocItem[]; id?: string }) {
  const { t } = useTheme();
  if (items.length === 0) return null;
  const min = Math.min(...items.map((i) => i.depth));
  return (
    <nav className="toc" aria-labelledby={`${id}-title`}>
      <p className="toc-title" id={`${id}-title`}>
        {t.docs.onThisPage}
      </p>
      <ul>
        {items.map((item) => (
          <li key={item.id} className={`toc-depth-${item.depth - min}`}>
            <a href={`#${item.id}`}>{item.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Where the side column is too narrow for it, the same list folds above the content. */
export function TocCollapsible({ items }: { items: TocItem[] }) {
  const { t } = useTheme();
  if (items.length === 0) return null;
  return (
    <details className="toc-mobile">
      <summary>{t.docs.onThisPage}</summary>
      <Toc items={items} id="toc-mobile" />
    </details>
  );
}
