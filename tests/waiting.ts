// Waiting in a test for something that happens by itself (a server that starts, mails a relay
// sends, a row written): on a busy machine anything may take many times as long as on a quiet one,
// so no short deadline decides a test. A wait fails only when nothing has moved for HANG_MS, which
// only a hang reaches; the process's watchdog (tests/watchdog.ts) is the last resort.

/** How long a wait may see no progress before it counts as a hang: about 100 times what the
 * slowest such step takes on a quiet machine. */
export const HANG_MS = 2 * 60_000;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once `done()` holds, checking every `everyMs`. Fails with `what` (or what it returns by
 * then) when it has not held for HANG_MS while `progress()` (a count of mails, rows, lines;
 * optional) stayed the same: a slow stream of progress waits as long as it moves.
 */
export async function until(
  done: () => boolean | Promise<boolean>,
  what: string | (() => string),
  options: { progress?: () => unknown; everyMs?: number } = {},
): Promise<void> {
  const { progress, everyMs = 50 } = options;
  let seen = progress?.();
  let moved = Date.now();
  while (!(await done())) {
    const now = progress?.();
    if (now !== seen) {
      seen = now;
      moved = Date.now();
    } else if (Date.now() - moved > HANG_MS)
      throw new Error(
        `${typeof what === 'string' ? what : what()}: not after ${HANG_MS / 1000} s${progress ? ` without progress (at ${String(seen)})` : ''}`,
      );
    await sleep(everyMs);
  }
}
