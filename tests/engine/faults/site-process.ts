// What the fault tests share: `site start` as production runs it, a process of its own whose exit
// the test sees, and requests written byte by byte on sockets of their own, so a test knows that a
// request's headers reached the server's machine before it sends a signal.
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { REPO } from '../../helpers.ts';
import { spawnOwned } from '../../processes.ts';

export interface SiteProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** stdout and stderr so far. */
  output: () => string;
  /** How the process ended: a code, or the signal that killed it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM (if it still runs), then its exit. */
  stop: () => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `site start --dir build` in `root` with these variables besides the test's own environment. */
export async function startSite(root: string, env: Record<string, string>): Promise<SiteProcess> {
  // Ends with the test process, however that ends (tests/processes.ts).
  const child = spawnOwned(
    process.execPath,
    [path.join(REPO, 'bin/site.js'), 'start', '--dir', 'build', '--port', '0'],
    {
      cwd: root,
      env: { ...process.env, CONTACT_RATE_LIMIT: 'off', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  // 'close', not 'exit': by then everything the process printed has been read.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /serving build\/ on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout!.on('data', check);
    void exited.then(() => reject(new Error(`site start exited before it served:\n${output}`)));
  });
  return {
    url,
    port: Number(new URL(url).port),
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Resolves when the process has printed text matching `pattern` (or rejects when it exits first). */
export function printed(site: SiteProcess, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (pattern.test(site.output())) {
        site.child.stdout!.off('data', check);
        resolve();
      }
    };
    site.child.stdout!.on('data', check);
    check();
    void site.exited.then(() => (pattern.test(site.output()) ? resolve() : reject(new Error(site.output()))));
  });
}

/** A raw HTTP/1.1 connection: what is written, and the status line of each answer read back. */
export interface RawConnection {
  socket: net.Socket;
  /** Writes bytes; resolves once the kernel has them (on loopback: the server's machine has them). */
  write: (text: string) => Promise<void>;
  /** The status of the next answer on this connection, or 'reset' when the connection ended without one. */
  answer: () => Promise<number | 'reset'>;
  /** Resolves when the server has closed the connection. */
  closed: Promise<void>;
}

export async function connect(port: number): Promise<RawConnection> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => undefined);
  let buffer = '';
  let ended = false;
  const waiting: (() => void)[] = [];
  const wake = () => {
    for (const w of waiting.splice(0)) w();
  };
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('latin1');
    wake();
  });
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      ended = true;
      wake();
      resolve();
    }),
  );
  /** One whole answer off the front of the buffer (answers here carry content-length). */
  const take = (): number | undefined => {
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const head = buffer.slice(0, end);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (buffer.length < end + 4 + length) return undefined;
    buffer = buffer.slice(end + 4 + length);
    return Number(head.split(' ')[1]);
  };
  return {
    socket,
    closed,
    write: (text) =>
      new Promise((resolve, reject) => socket.write(text, (error) => (error ? reject(error) : resolve()))),
    answer: async () => {
      for (;;) {
        const status = take();
        if (status !== undefined) return status;
        if (ended) return 'reset';
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    },
  };
}

/** A contact post as the island sends it, split into its head and its body. */
export function contactPost(port: number, message: Record<string, unknown>): { head: string; body: string } {
  const body = JSON.stringify(message);
  return {
    head: `POST /api/contact HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\naccept: application/json\r\nsec-fetch-site: same-origin\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n`,
    body,
  };
}
