// The inline script in <head> that runs before first paint, so nothing flashes or jumps: the
// colour mode, a dismissed announcement bar, a hidden docs sidebar and the base-URL check are
// all settled before the body is drawn. It is tiny and inline on purpose; the production server
// allows it by its hash, not by 'unsafe-inline'. Storage may throw (private windows, blocked
// cookies): then the defaults apply.
import type { SiteConfig } from '../generator/config/config.ts';
import { ANNOUNCEMENT_KEY, COLOR_MODE_KEY, SIDEBAR_HIDDEN_KEY } from './client/storage.ts';

export function colorModeScript(config: SiteConfig): string {
  const { defaultMode, respectPrefersColorScheme } = config.colorMode;
  const j = JSON.stringify;
  const announcement = config.announcement ? j(config.announcement.id) : 'null';
  return (
    `(function(){var d=document.documentElement,m=${j(defaultMode)},s,a=${announcement};` +
    `try{s=localStorage.getItem(${j(COLOR_MODE_KEY)});if(a&&localStorage.getItem(${j(ANNOUNCEMENT_KEY)})===a)d.setAttribute('data-announcement-dismissed','');` +
    `if(sessionStorage.getItem(${j(SIDEBAR_HIDDEN_KEY)})==='1')d.setAttribute('data-sidebar-hidden','')}catch(e){}` +
    `if(s==='light'||s==='dark')m=s;else if(s==='system'||(!s&&${respectPrefersColorScheme}))m=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';` +
    `d.setAttribute('data-theme',m);d.classList.add('js');` +
    `if(location.pathname.indexOf(${j(config.baseUrl)})!==0){d.setAttribute('data-base-url-mismatch','');` +
    `document.addEventListener('DOMContentLoaded',function(){var b=document.getElementById('base-url-banner');if(b)b.hidden=false})}})();`
  );
}
