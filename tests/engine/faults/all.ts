// Every test file of this folder in one process: see tests/all-files.ts. The faults an operator
// meets in production (the database restarted, a signal with requests in flight, hostile input
// that once leaked files or redirected off the host), each provoked for real.
import { everyFileImported } from '../../all-files.ts';
import './database-restart.test.ts';
import './links-out-of-project.test.ts';
import './shutdown-in-flight.test.ts';

everyFileImported(import.meta.url);
