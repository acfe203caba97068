// The logo from config, always at its configured size (34 x 34) so the navbar never shifts.

import { localePrefix } from '../../common/locale-prefix.ts';
import { useHref, useTheme } from '../context.ts';

export function Brand({ className = 'navbar-brand' }: { className?: string }) {
  const { config, page } = useTheme();
  const { src, width, height } = config.navbar.logo;
  const href = useHref();
  return (
    <a className={className} href={href(`${localePrefix(config, page.locale)}/`)}>
      <img src={href(src)} width={width} height={height} alt="" />
      <span>{config.title}</span>
    </a>
  );
}
