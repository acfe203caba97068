// Every test file of this folder in one process: see tests/all-files.ts.
import { everyFileImported } from '../../all-files.ts';
import './built-pages.test.ts';
import './buyer-pages.test.ts';
import './every-word.test.ts';
import './html-validity.test.ts';
import './site.test.ts';

everyFileImported(import.meta.url);
