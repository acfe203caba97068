// Every integration test, the engine's and the site's, in one process (tests/all-files.ts says why).
import './engine/faults/all.ts';
import './engine/integration/all.ts';
import './site/integration/all.ts';
