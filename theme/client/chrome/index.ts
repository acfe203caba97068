// The page chrome: menus, sidebars, table of contents and the small page controls. Every
// listener is registered once on document or window, so it survives client navigation, which
// replaces the body; per-page state is set up again on `site:navigated`.
import { initDropdowns } from './dropdowns.ts';
import { initMobileMenu } from './mobile-menu.ts';
import { initCollapsibles } from './collapsibles.ts';
import { initToc } from './toc.ts';
import { initPageTools } from './page-tools.ts';
import { initCodeCopy } from './code-copy.ts';
import { initTabs } from './tabs.ts';

initDropdowns();
initMobileMenu();
initCollapsibles();
initToc();
initPageTools();
initCodeCopy();
initTabs();
