// The five facts a cautious buyer looks for first, right under the headline.
import { useTheme } from '../context.ts';
import { Icon, type IconName } from '../icons/Icon.tsx';

export function TrustStrip() {
  const { t } = useTheme();
  const items: [IconName, string][] = [
    ['shield', t.home.trustIso],
    ['lock', t.home.trustGdpr],
    ['leaf', t.home.trustGreen],
    ['database', t.home.trustBackups],
    ['people', t.home.trustExperience],
  ];
  return (
    <ul className="trust-strip" aria-label={t.home.trustLabel}>
      {items.map(([icon, text]) => (
        <li key={icon}>
          <Icon name={icon} size={22} />
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}
