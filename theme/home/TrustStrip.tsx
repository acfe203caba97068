// The claims a cautious buyer looks for first, right under the headline: the config lists them,
// the UI strings word them.
import { useTheme } from '../context.ts';
import { Icon, isIconName } from '../icons/Icon.tsx';
import { labelOf } from '../layout/labels.ts';

export function TrustStrip() {
  const { config, t } = useTheme();
  if (config.home.trust.length === 0) return null;
  return (
    <ul className="trust-strip" aria-label={t.home.trustLabel}>
      {config.home.trust.map(({ icon, label }) => (
        <li key={label}>
          {isIconName(icon) && <Icon name={icon} size={22} />}
          <span>{labelOf(t, label, 'trust')}</span>
        </li>
      ))}
    </ul>
  );
}
