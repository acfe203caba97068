// Appears once the reader has scrolled a screen down; only with JavaScript, which moves it.
import { useTheme } from '../context.ts';
import { Icon } from '../icons/Icon.tsx';

export function BackToTop() {
  const { t } = useTheme();
  return (
    <button type="button" className="back-to-top needs-js" aria-label={t.nav.backToTop} title={t.nav.backToTop}>
      <Icon name="arrowUp" />
    </button>
  );
}
