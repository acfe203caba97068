// The browser runtime. Every page works without it; it only enhances.
import { initColorMode } from './color-mode.ts';
import './chrome/index.ts';
import { initNavigation } from './navigation/index.ts';
import { initAnalytics } from './analytics.ts';
import { initImageErrors } from './image-errors.ts';
import { loadIslands } from './navigation/apply.ts';
import { initSearch } from './search/index.ts';

initColorMode();
// Navigation first: it drops an `index.html` suffix from the address, which the first page view reports.
initNavigation();
initAnalytics();
initImageErrors();
initSearch();
// Islands once the page has loaded: it works without them (plain forms), and their React must not
// compete with the first paint. What a visitor typed before is kept by hydration.
if (document.readyState === 'complete') loadIslands();
else window.addEventListener('load', loadIslands, { once: true });
