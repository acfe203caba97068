// Every browser test, the engine's and the site's, in one process (tests/all-files.ts says why).
// No deadline on the process; a hang ends with a clear failure (tests/watchdog.ts). Its temporary
// files are kept in a folder of its own, removed however it ends (tests/scratch.ts).
import './scratch.ts';
import './watchdog.ts';
import './engine/browser/all.ts';
import './site/browser/all.ts';
