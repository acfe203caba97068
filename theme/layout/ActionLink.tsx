// A button-styled link from the theme's options (navbar, home hero): its label from the UI strings, its icon and
// the analytics event a click sends.

import { localePrefix } from '../../common/locale-prefix.ts';
import { useHref, useTheme } from '../context.ts';
import { Icon, isIconName } from '../icons/Icon.tsx';
import { type ActionConfig, LABEL_PLACES } from '../options.ts';
import { labelOf } from './labels.ts';

export function ActionLink({
  action,
  className,
  iconSize = 20,
  wrapLabel = false,
}: {
  action: ActionConfig;
  className: string;
  iconSize?: number;
  wrapLabel?: boolean;
}) {
  const { config, page, t } = useTheme();
  const href = `${localePrefix(config, page.locale)}${action.to}`;
  const served = useHref();
  const label = labelOf(t, action.label, LABEL_PLACES.action);
  // An arrow points onwards after the words; any other icon stands before them.
  const trailing = action.icon === 'arrowRight';
  const icon = isIconName(action.icon) ? <Icon name={action.icon} size={iconSize} /> : null;
  return (
    <a
      className={className}
      href={served(href)}
      data-track={action.event}
      aria-current={page.route === href ? 'page' : undefined}
    >
      {!trailing && icon}
      {wrapLabel ? <span>{label}</span> : label}
      {trailing && icon}
    </a>
  );
}
