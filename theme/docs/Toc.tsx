import type { TocItem } from '../../generator/types.ts';
import { useTheme } from '../context.ts';

export function Toc({ items }: { items: TocItem[] }) {
  const { t } = useTheme();
  if (items.length === 0) return null;
  const min = Math.min(...items.map((i) => i.depth));
  return (
    <nav className="toc" aria-labelledby="toc-title">
      <p className="toc-title" id="toc-title">
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
