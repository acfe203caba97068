// A button the client script brings to life; without JavaScript it stays hidden.
import { useTheme } from '../context.ts';

export function ColorModeToggle() {
  const { t } = useTheme();
  return (
    <button type="button" className="color-mode-toggle" aria-label={t.colorMode.toggle} title={t.colorMode.toggle} hidden data-labels={JSON.stringify({ light: t.colorMode.light, dark: t.colorMode.dark, system: t.colorMode.system })}>
      <svg className="icon-sun" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="12" cy="12" r="4.5" fill="currentColor" />
        <path d="M12 1.5v3M12 19.5v3M1.5 12h3M19.5 12h3M4.6 4.6l2.1 2.1M17.3 17.3l2.1 2.1M4.6 19.4l2.1-2.1M17.3 6.7l2.1-2.1" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <svg className="icon-moon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M20.5 14.6A8.5 8.5 0 0 1 9.4 3.5a8.5 8.5 0 1 0 11.1 11.1Z" fill="currentColor" />
      </svg>
    </button>
  );
}
