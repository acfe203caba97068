// A throwaway PostgreSQL cluster for the tests: initdb into a temporary folder, the server on
// 127.0.0.1 and a free port (its socket in the same folder), stopped and removed by `stop`, and
// stopped with the test process however that ends (tests/processes.ts).
// PostgreSQL refuses to run as root: then the cluster belongs to the `postgres` user and its
// programs run through runuser. A machine without PostgreSQL fails the tests that need it, with
// what to install; it does not skip them.
import { type ChildProcess, execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ownPid, spawnOwned } from './processes.ts';
import { HANG_MS, until } from './waiting.ts';

export interface TestPostgres {
  /** postgres://… of the cluster's `postgres` database, for making databases. */
  adminUrl: string;
  /** Its folder (data, socket, log), named in the server's command line (`-D`). */
  dir: string;
  /** A fresh, empty database of its own; its URL. */
  createDatabase: (name?: string) => Promise<string>;
  /** Restarts the server as an operator does (`pg_ctl restart -m fast`): every connection is ended
   * with 57P01, and the server is back on the same port when this resolves. */
  restart: () => Promise<void>;
  /** Stops the server (`pg_ctl stop -m fast`), keeping its data: the port refuses connections. */
  pause: () => Promise<void>;
  /** Starts the paused server again on the same port; resolves once it takes connections. */
  resume: () => Promise<void>;
  stop: () => Promise<void>;
}

/** The newest installed PostgreSQL's bin folder (Debian's layout), or undefined. */
export function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : undefined;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let databases = 0;

export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBin();
  if (!bin)
    throw new Error(
      'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/postgres): `apt-get install -y postgresql` (what .ci/run does), then run the tests again',
    );
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? 'postgres' : os.userInfo().username;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-postgres-'));
  const data = path.join(dir, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const command = (program: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]] : [path.join(bin, program), args];
  const [initdb, initArgs] = command('initdb', [
    '-D',
    data,
    '-U',
    user,
    '--auth=trust',
    '--no-sync',
    '--encoding=UTF8',
    '--locale=C',
  ]);
  // Not synchronous: what the test process does meanwhile (building a site) goes on.
  await promisify(execFile)(initdb, initArgs);
  const port = await freePort();
  // fsync off: a test cluster need not survive a power cut, and the machine's disk is shared.
  const options = ['-k', dir, '-h', '127.0.0.1', '-p', String(port), '-c', 'fsync=off', '-c', 'max_connections=200'];
  const [postgres, args] = command('postgres', ['-D', data, ...options]);
  // In a process group of its own that ends with this process, however it ends (SIGINT: the fast
  // shutdown; tests/processes.ts).
  const child: ChildProcess = spawnOwned(postgres, args, { stdio: ['ignore', 'ignore', 'pipe'] }, 'SIGINT');
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const serverPid = () =>
    existsSync(path.join(data, 'postmaster.pid'))
      ? Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
      : undefined;
  const adminUrl = `postgres://${user}@127.0.0.1:${port}/postgres`;
  // Until it takes connections, or exits: no clock decides a start on a busy machine.
  const answers = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    try {
      await client.connect();
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  try {
    await until(async () => ended() || (await answers()), 'the test PostgreSQL to take connections', { everyMs: 100 });
    if (ended()) throw new Error(`postgres exited (${child.exitCode ?? child.signalCode})`);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`the test PostgreSQL did not start: ${(error as Error).message}\n${output}`);
  }
  // pg_ctl, for what an operator does to a running server; once it has started the server again,
  // the server is pg_ctl's daemon, no longer `child`, and is put on the list of what ends with this
  // process by its pid.
  let restarted = false;
  let release: () => void = () => undefined;
  const pgCtl = async (...args: string[]) => {
    const [program, full] = command('pg_ctl', ['-D', data, '-w', '-t', String(HANG_MS / 1000), ...args]);
    await promisify(execFile)(program, full);
  };
  const owned = () => {
    release();
    const pid = serverPid();
    release = pid ? ownPid(pid, 'SIGINT') : () => undefined;
  };
  const log = path.join(dir, 'server.log');
  return {
    adminUrl,
    dir,
    createDatabase: async (name = `site_test_${process.pid}_${++databases}`) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return `postgres://${user}@127.0.0.1:${port}/${name}`;
    },
    restart: async () => {
      restarted = true;
      await pgCtl('-m', 'fast', '-l', log, '-o', options.join(' '), 'restart');
      owned();
    },
    pause: async () => {
      restarted = true;
      await pgCtl('-m', 'fast', 'stop');
      owned();
    },
    resume: async () => {
      await pgCtl('-l', log, '-o', options.join(' '), 'start');
      owned();
    },
    stop: async () => {
      if (restarted) {
        // The server pg_ctl started (if it runs): stopped by pg_ctl, which waits for it.
        const pid = serverPid();
        if (pid) await pgCtl('-m', 'fast', 'stop').catch(() => process.kill(pid, 'SIGKILL'));
        release();
        rmSync(dir, { recursive: true, force: true });
        return;
      }
      // Fast shutdown (connections are ended, nothing waits for clients to leave), sent to the
      // server itself: runuser does not pass signals on.
      const pid = serverPid();
      if (!ended()) {
        if (pid) process.kill(pid, 'SIGINT');
        else child.kill('SIGINT');
      }
      const timer = setTimeout(() => (pid ? process.kill(pid, 'SIGKILL') : child.kill('SIGKILL')), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
