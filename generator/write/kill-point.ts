// Named instants of a build where a test may have the process killed (SIGKILL, as a power cut or
// the OOM killer would): `SITE_KILL_AT=<name>` in the environment. The publication of `build/` must
// leave a complete site whichever instant it is; tests/engine/integration/build-kill.test.ts tries each.

/** Kills this process with SIGKILL when `SITE_KILL_AT` names this point; nothing otherwise. */
export function killPoint(name: string): void {
  if (process.env.SITE_KILL_AT === name) process.kill(process.pid, 'SIGKILL');
}
