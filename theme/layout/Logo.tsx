// The logo from config, always at its configured size (34 x 34) so the navbar never shifts.
import { useTheme } from '../context.ts';
import { localePrefix } from '../../common/locale-prefix.ts';

export function Brand({ className = 'navbar-brand' }: { className?: string }) {
  const { config, page } = useTheme();
  const { src, width, height } = config.navbar.logo;
  return (
    <a className={className} href={`${localePrefix(config, page.locale)}/`}>
      <img src={src} width={width} height={height} alt="" />
      <span>{config.title}</span>
    </a>
  );
}
