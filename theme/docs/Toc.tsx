// The table of contents (levels from the page's settings, 2 to 3 by default), once per page: folded
// above the content, where a phone and a browser without JavaScript show it, and moved by the
// client into the side column (`.docs-toc`, empty in the HTML) while the screen is wide enough for
// one (theme/client/chrome/toc.ts). The client also marks the section in view.
import type { TocItem } from '../../generator/types.ts';
import { useTheme } from '../context.ts';

export function Toc({ items }: { items: TocItem[] }) {
  const { t } = useTheme();
  if (items.length === 0) return null;
  const min = Math.min(...items.map((i) => i.depth));
  return (
    <details className="toc-mobile">
      <summary>{t.docs.onThisPage}</summary>
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
    </details>
  );
}
