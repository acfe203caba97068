// Every browser test, the engine's and the site's, in one process (tests/all-files.ts says why).
import './engine/browser/all.ts';
import './site/browser/all.ts';
