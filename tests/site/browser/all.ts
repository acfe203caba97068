// Every test file of this folder in one process: see tests/all-files.ts.
import { everyFileImported } from '../../all-files.ts';
import './company-pages.test.ts';
import './diagrams.test.ts';
import './every-page.test.ts';
import './layout.test.ts';
import './screenshots.test.ts';
import './search-relevance.test.ts';

everyFileImported(import.meta.url);
