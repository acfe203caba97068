// The two buttons of the home page: the appointment, and a second way in from config.
import { useTheme } from '../context.ts';
import { localePrefix } from '../../generator/config.ts';
import { Icon } from '../icons/Icon.tsx';
import { labelOf } from '../layout/labels.ts';

export function CallToAction() {
  const { config, page, t } = useTheme();
  const prefix = localePrefix(config, page.locale);
  const secondary = config.home.secondaryAction;
  return (
    <p className="cta-actions">
      <a className="button button-primary button-lg" href={`${prefix}${config.navbar.contact}`} data-track="booking-link-click">
        <Icon name="calendar" size={20} />
        {t.nav.contact}
      </a>
      {secondary && (
        <a className="button button-secondary button-lg" href={`${prefix}${secondary.to}`}>
          {labelOf(t, secondary.label)}
          <Icon name="arrowRight" size={18} />
        </a>
      )}
    </p>
  );
}
