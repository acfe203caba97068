// The page chrome: menus, sidebars, table of contents and the small page controls. Every
// listener is registered once on document or window, so it survives client navigation, which
// replaces the body; per-page state is set up again on `site:navigated`.

import { onNavigated } from '../events.ts';
import { readStorage, writeStorage } from '../storage.ts';
import { initCodeCopy } from './code-copy.ts';
import { initCollapsibles } from './collapsibles.ts';
import { closest } from './dom.ts';
import { initDropdowns } from './dropdowns.ts';
import { initMobileMenu } from './mobile-menu.ts';
import { initPageTools } from './page-tools.ts';
import { initToc } from './toc.ts';

initDropdowns();
initMobileMenu();
initCollapsibles();
initToc();
initPageTools();
initCodeCopy();

/** Tabs (./tabs.ts) are loaded by the first page that has them. */
let tabs: Promise<typeof import('./tabs.ts')> | undefined;
function initTabs(): void {
  if (!document.querySelector('.markdown .tabs')) return;
  tabs ??= import('./tabs.ts').then((module) => {
    module.listen({ readStorage, writeStorage, closest });
    return module;
  });
  tabs
    .then((module) => module.enhance())
    .catch((error: unknown) => {
      tabs = undefined;
      console.warn('Tabs could not be loaded; every panel stays shown.', error);
    });
}
initTabs();
onNavigated(initTabs);
