// Every test file of this folder in one process: see tests/all-files.ts.
import { everyFileImported } from '../../all-files.ts';
import './attributions.test.ts';
import './content-style.test.ts';

everyFileImported(import.meta.url);
