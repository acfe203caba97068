// Every test file of this folder in one process: see tests/all-files.ts.
import { everyFileImported } from '../../all-files.ts';
import './a11y.test.ts';
import './analytics.test.ts';
import './booking-form.test.ts';
import './booking.test.ts';
import './budgets.test.ts';
import './chrome.test.ts';
import '../../site/browser/company-pages.test.ts';
import './contact.test.ts';
import './crash.test.ts';
import './dev-overlay.test.ts';
import '../../site/browser/diagrams.test.ts';
import '../../site/browser/every-page.test.ts';
import './icons.test.ts';
import './images.test.ts';
import './large-sidebar.test.ts';
import './live-reload.test.ts';
import '../../site/browser/layout.test.ts';
import './markdown-blocks.test.ts';
import './navigation.test.ts';
import '../../site/browser/screenshots.test.ts';
import './search.test.ts';
import './smoke.test.ts';
import './subpath.test.ts';
import './version-menu.test.ts';
import './wide-tables.test.ts';

everyFileImported(import.meta.url);
