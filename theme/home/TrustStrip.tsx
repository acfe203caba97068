// The claims a cautious buyer looks for first, right under the headline: the theme's options list them,
// the UI strings word them.
import { useTheme } from '../context.ts';
import { Icon, isIconName } from '../icons/Icon.tsx';
import { labelOf } from '../layout/labels.ts';
import { LABEL_PLACES } from '../options.ts';

export function TrustStrip() {
  const { themeConfig, t } = useTheme();
  if (themeConfig.home.trust.length === 0) return null;
  return (
    <ul className="trust-strip" aria-label={t.home.trustLabel}>
      {themeConfig.home.trust.map(({ icon, label }) => (
        <li key={label}>
          {isIconName(icon) && <Icon name={icon} size={22} />}
          <span>{labelOf(t, label, LABEL_PLACES.trust)}</span>
        </li>
      ))}
    </ul>
  );
}
