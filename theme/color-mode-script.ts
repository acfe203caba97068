// The inline script that sets the colour mode before first paint, so there is never a flash.
// It is tiny and inline on purpose; the production server allows it by its hash, not by
// 'unsafe-inline'.
import type { SiteConfig } from '../generator/config.ts';

export const COLOR_MODE_KEY = 'theme';

export function colorModeScript(config: SiteConfig): string {
  const { defaultMode, respectPrefersColorScheme } = config.colorMode;
  return `(function(){var d=document.documentElement,m=${JSON.stringify(defaultMode)};try{var s=localStorage.getItem(${JSON.stringify(COLOR_MODE_KEY)});if(s==='light'||s==='dark')m=s;else if(${respectPrefersColorScheme}||s==='system')m=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}catch(e){}d.setAttribute('data-theme',m);d.classList.add('js')})();`;
}
