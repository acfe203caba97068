// What a test starts outside its own process (nginx, a PostgreSQL cluster, `site start`) ends with
// the test process, however that ends: its tests done, a failure, SIGINT or SIGTERM from a
// cancelled run, or SIGKILL. Each such process runs in a process group of its own (so its own
// children go with it, and a Ctrl-C in the terminal reaches the test process, not it) and is
// written down with a small watcher, one per test process: a bash that reads the list from a pipe
// whose other end only the test process holds. When the test process is gone, for whatever reason,
// the pipe ends, and the watcher sends each process still on the list its signal (SIGTERM, or SIGINT
// for PostgreSQL's fast shutdown), waits up to 5 s, and kills what is left. Chromium needs none of
// this: it ends by itself when the pipe Playwright drives it through closes. Then the watcher
// removes the folders on its list (the test process's scratch folder, tests/scratch.ts), again for
// a few seconds, as a Chromium that is still closing may write into its profile once more.
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import type { Writable } from 'node:stream';

const WATCHER = `
trap '' INT TERM HUP
declare -A owned
dirs=()
while read -r op signal target; do
  case $op in
    add) owned[$target]=$signal ;;
    del) unset "owned[$target]" ;;
    dir) dirs+=("$target") ;;
  esac
done
for target in "\${!owned[@]}"; do kill -s "\${owned[$target]}" -- "$target" 2>/dev/null; done
ended=
for _ in $(seq 50); do
  left=
  for target in "\${!owned[@]}"; do kill -s 0 -- "$target" 2>/dev/null && left=1; done
  [ -z "$left" ] && ended=1 && break
  sleep 0.1
done
[ -z "$ended" ] && for target in "\${!owned[@]}"; do kill -s KILL -- "$target" 2>/dev/null; done
[ \${#dirs[@]} -eq 0 ] && exit 0
for _ in $(seq 10); do
  rm -rf -- "\${dirs[@]}"
  sleep 0.5
  left=
  for dir in "\${dirs[@]}"; do [ -e "$dir" ] && left=1; done
  [ -z "$left" ] && exit 0
done
`;

/** What is running now, by target (a pid, or a process group as its negative leader's pid). */
const owned = new Map<number, NodeJS.Signals>();
let watcher: Writable | undefined;

function tell(line: string): void {
  if (!watcher) {
    const child = spawn('/bin/bash', ['-c', WATCHER], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
    child.unref();
    watcher = child.stdin!;
    // The pipe keeps nothing alive: the test process ends when its tests do, which ends the pipe.
    (watcher as Writable & { unref?: () => void }).unref?.();
    watcher.on('error', () => undefined);
    // A test process that ends normally still sends the signals itself, before it is gone.
    process.once('exit', () => {
      for (const [target, signal] of owned) {
        try {
          process.kill(target, signal);
        } catch {
          // Ended already.
        }
      }
    });
  }
  watcher.write(`${line}\n`);
}

/** Puts a running process (`-pid` for its process group) on the list; returns what takes it off. */
export function ownPid(target: number, signal: NodeJS.Signals = 'SIGTERM'): () => void {
  owned.set(target, signal);
  tell(`add ${signal} ${target}`);
  return () => {
    if (owned.get(target) !== signal) return;
    owned.delete(target);
    tell(`del ${signal} ${target}`);
  };
}

/** Puts a folder on the list of what the watcher removes once this process has ended and what it
 * started has stopped. */
export function ownDir(dir: string): void {
  tell(`dir - ${dir}`);
}

/** `spawn`, in a process group of its own that ends with this process (`signal`, then SIGKILL). */
export function spawnOwned(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
  stopSignal: NodeJS.Signals = 'SIGTERM',
): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  if (child.pid !== undefined) child.once('exit', ownPid(-child.pid, stopSignal));
  return child;
}
