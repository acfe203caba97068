// Every integration test, the engine's and the site's, in one process (tests/all-files.ts says why).
// No deadline on the process; a hang ends with a clear failure (tests/watchdog.ts).
import './watchdog.ts';
import './engine/faults/all.ts';
import './engine/integration/all.ts';
import './site/integration/all.ts';
