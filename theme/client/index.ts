// The browser runtime. Every page works without it; it only enhances.
import { initColorMode } from './color-mode.ts';
import './chrome/index.ts';
import { initAnalytics } from './analytics.ts';
import { initImageErrors } from './image-errors.ts';
import { loadIslands } from './navigation/apply.ts';
import { initNavigation } from './navigation/index.ts';
import { initSearch } from './search/index.ts';

initColorMode();
// Navigation first: it drops an `index.html` suffix from the address, which the first page view reports.
initNavigation();
initAnalytics();
initImageErrors();
initSearch();
// Islands start when the visitor reaches for one, never with the page load.
loadIslands();
