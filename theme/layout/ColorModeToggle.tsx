// The colour mode button. It needs JavaScript to do anything, so without it it is not shown;
// its label names the current mode and is kept up to date by the client.

import { format } from '../../common/format-message.ts';
import { useTheme } from '../context.ts';
import { Icon } from '../icons/Icon.tsx';

export function ColorModeToggle() {
  const { config, t } = useTheme();
  const labels = { light: t.colorMode.light, dark: t.colorMode.dark, system: t.colorMode.system };
  const initial = `${t.colorMode.toggle} (${format(t.colorMode.current, { mode: labels[config.colorMode.defaultMode] })})`;
  return (
    <button
      type="button"
      className="color-mode-toggle icon-button needs-js"
      aria-label={initial}
      title={initial}
      data-label={t.colorMode.toggle}
      data-current={t.colorMode.current}
      data-modes={JSON.stringify(labels)}
      data-system={config.colorMode.respectPrefersColorScheme ? '' : undefined}
    >
      <Icon name="moon" className="icon-moon" />
      <Icon name="sun" className="icon-sun" />
      <Icon name="system" className="icon-system" />
    </button>
  );
}
