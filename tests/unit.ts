// Every unit test, the engine's and the site's, in one process (tests/all-files.ts says why).
import './engine/unit/all.ts';
import './site/unit/all.ts';
