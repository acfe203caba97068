// What the contact tests share: the small fixture site built once (for all test files), the
// production server on it with a fresh data directory, a real SMTP server on 127.0.0.1, and requests
// as a browser or a script would send them.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { type BackendSettings, DEFAULT_SETTINGS } from '../../../server/backend-config.ts';
import { type ProductionServer, startProductionServer } from '../../../server/main.ts';
import type { Mailer } from '../../../server/outbox-relay.ts';
import { type BuiltFixture, builtFixtureCopy } from '../../fixture-site.ts';
import { until } from '../../waiting.ts';

export type { BuiltFixture };

/** The basic fixture and its build, a copy of its own (built once for all test files). */
export function buildFixture(): Promise<BuiltFixture> {
  return builtFixtureCopy('basic');
}

export const quiet = { log: () => undefined, error: () => undefined };

export interface RunningServer {
  url: string;
  app: ProductionServer;
  dataDir: string;
  stop: () => Promise<void>;
}

/** The production server on the fixture, with its own data directory; no rate limit unless given. */
export async function startServer(
  site: Pick<BuiltFixture, 'root' | 'dir'>,
  settings: Partial<BackendSettings> = {},
  mailer?: Mailer,
): Promise<RunningServer> {
  const dataDir = settings.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'site-contact-data-')));
  const app = await startProductionServer({
    root: site.root,
    dir: site.dir,
    host: '127.0.0.1',
    port: 0,
    settings: { ...DEFAULT_SETTINGS, rateLimit: false, revealRateLimit: false, ...settings, dataDir },
    mailer,
    log: quiet,
  });
  return {
    url: app.url,
    app,
    dataDir,
    stop: async () => {
      await app.close(1000);
      if (!settings.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** A valid message, different every time unless told otherwise. */
export function validMessage(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter++;
  return {
    name: `Visitor ${counter}`,
    email: `visitor${counter}@example.org`,
    message: `Message number ${counter}: we would like to move our application to managed hosting.`,
    terms: true,
    locale: 'en',
    ...overrides,
  };
}

/** POST as the island does: JSON from the same origin. */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The codes of fetch's error (its cause) when a connection was refused, or cut before the answer. */
const CONNECTION_LOST = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** The code of a connection refused or cut before the answer, or undefined for any other error. */
export function connectionLost(error: unknown): string | undefined {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return code && CONNECTION_LOST.has(code) ? code : undefined;
}

/**
 * A request as a real client (the contact island) sends it: when the connection is refused or
 * cut before the whole answer has come (a busy machine's network stack), the same request, with
 * the same idempotency key, is sent again, a few times and a moment apart. Any answer ends it,
 * whatever its status; its body is read here, so the answer returned is whole.
 */
export async function asClient(send: () => Promise<Response>, tries = 5): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await send();
      const body = await response.arrayBuffer();
      return new Response([101, 204, 205, 304].includes(response.status) ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } catch (error) {
      if (attempt >= tries || !connectionLost(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** POST as a browser with JavaScript off does: a urlencoded form, answered with a page. */
export function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  pathname = '/api/contact',
): Promise<Response> {
  return fetch(`${url}${pathname}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html,application/xhtml+xml',
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/**
 * A plain form's answer: 303 to the contact page of the visitor's language showing the result
 * (`?result=<token>`, and the form's anchor where it has one), as a browser follows it with GET.
 */
export async function followResult(
  url: string,
  response: Response,
  page = /^\/(en\/)?contact\/\?result=[0-9a-f]{32}(#[\w-]+)?$/,
): Promise<Response> {
  if (response.status !== 303)
    throw new Error(`expected 303 See Other, got ${response.status}: ${(await response.text()).slice(0, 200)}`);
  const location = response.headers.get('location') ?? '';
  if (!page.test(location)) throw new Error(`the result is not a contact page of the site: ${location}`);
  return fetch(`${url}${location}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  headers: Map<string, string>;
}

export interface SmtpSink {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /** Message bodies that started to arrive, kept or not. */
  attempts: () => number;
  /** Stops listening (the mail server is down). */
  stop: () => Promise<void>;
  /** Listens again on the same port. */
  restart: () => Promise<void>;
  /** Resolves when at least n mails have arrived; fails when none has arrived for HANG_MS before. */
  waitFor: (n: number) => Promise<void>;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) back to text. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function parseHeaders(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

/** How a sink misbehaves, decided per mail from its raw text. */
export interface SinkBehaviour {
  /** Answer the end of the body only after this long (the mail is kept all the same). */
  delayMs?: (raw: string) => number;
  /** Refuse the mail with this SMTP answer code (e.g. 550); it is not kept. */
  rejectWith?: (raw: string) => number | undefined;
  /** Called when a mail's body starts to arrive. */
  onDataStart?: () => void;
}

/** A real SMTP server (smtp-server) on 127.0.0.1 that keeps what it receives. */
export async function smtpSink(port = 0, behaviour: SinkBehaviour = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  let attempts = 0;
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        attempts++;
        behaviour.onDataStart?.();
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const code = behaviour.rejectWith?.(raw);
          if (code) return callback(Object.assign(new Error('Refused by the test server'), { responseCode: code }));
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            headers: parseHeaders(raw),
          });
          const delay = behaviour.delayMs?.(raw) ?? 0;
          if (delay) setTimeout(() => callback(), delay);
          else callback();
        });
      },
    });
  // A client that vanishes mid-mail (the relay killed with SIGKILL) is that client's problem, not the test's.
  const quietErrors = (server: SMTPServer) => server.on('error', () => undefined);
  let server = quietErrors(create());
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await listen();
  port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    attempts: () => attempts,
    mails,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    restart: async () => {
      server = quietErrors(create());
      await listen();
    },
    // As long as mails keep arriving: a busy machine's relay sends slowly, a stuck one not at all.
    waitFor: (n) =>
      until(
        () => mails.length >= n,
        () => `only ${mails.length} of ${n} mails arrived`,
        { progress: () => mails.length, everyMs: 20 },
      ),
  };
}

export interface FloodResult {
  /** The answer's status line and headers, lower-cased. */
  head: string;
  /** How long after the first byte the server closed the connection, or undefined if it never did. */
  closedAfterMs: number | undefined;
  /** Body bytes the client managed to hand to the connection. */
  sent: number;
}

/**
 * A client that declares (or streams, chunked) a huge body and keeps sending for up to `forMs`:
 * shows whether the server answers and then closes the connection, or keeps taking the body in.
 */
export async function flood(
  url: string,
  pathname: string,
  options: { method?: string; chunked?: boolean; contentType?: string; forMs?: number } = {},
): Promise<FloodResult> {
  const { hostname, port } = new URL(url);
  const net = await import('node:net');
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const started = Date.now();
  let head = '';
  let closedAfterMs: number | undefined;
  let sent = 0;
  socket.on('data', (chunk: Buffer) => {
    if (!head.includes('\r\n\r\n')) head += chunk.toString('latin1');
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      closedAfterMs = Date.now() - started;
      resolve();
    }),
  );
  const length = options.chunked ? 'transfer-encoding: chunked' : 'content-length: 50000000';
  socket.write(
    `${options.method ?? 'POST'} ${pathname} HTTP/1.1\r\nhost: ${hostname}:${port}\r\ncontent-type: ${options.contentType ?? 'application/json'}\r\nsec-fetch-site: same-origin\r\n${length}\r\n\r\n`,
  );
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const framed = options.chunked
    ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
    : chunk;
  const end = started + (options.forMs ?? 4000);
  while (closedAfterMs === undefined && Date.now() < end) {
    if (socket.write(framed)) sent += chunk.length;
    else
      await Promise.race([new Promise((r) => socket.once('drain', r)), closed, new Promise((r) => setTimeout(r, 50))]);
    await new Promise((r) => setImmediate(r));
  }
  socket.destroy();
  await closed;
  const answered = head.split('\r\n\r\n')[0].toLowerCase();
  return {
    head: answered,
    closedAfterMs: closedAfterMs !== undefined && closedAfterMs < (options.forMs ?? 4000) ? closedAfterMs : undefined,
    sent,
  };
}

/** The MIME parts of a mail whose Content-Type starts with `type`, headers and decoded body. */
export function mimeParts(raw: string, type: string): { headers: string; body: string }[] {
  const parts: { headers: string; body: string }[] = [];
  const pattern = new RegExp(
    `(^|\\r\\n)(Content-Type: ${type.replace(/[/.]/g, '\\$&')}[^]*?)\\r\\n\\r\\n([^]*?)(?=\\r\\n--)`,
    'gi',
  );
  for (const match of raw.matchAll(pattern)) {
    const headers = match[2];
    const encoding = /Content-Transfer-Encoding: *([\w-]+)/i.exec(headers)?.[1].toLowerCase();
    const body =
      encoding === 'base64'
        ? Buffer.from(match[3].replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              match[3]
                .replace(/=\r\n/g, '')
                .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            ).toString('utf8')
          : match[3];
    parts.push({ headers, body });
  }
  return parts;
}
