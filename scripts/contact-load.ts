// `npm run bench:contact`: POST /api/contact under load. Builds the site, starts the production
// server (`site start`) in its own process with a fresh data directory, the rate limit off and a
// real SMTP server on 127.0.0.1 to relay to, then sends valid messages with autocannon (10 s, 50
// connections by default), each with its own idempotency key. Prints requests per second, latency
// percentiles, answers by status, and then counts what the database stored and what was relayed.
// Usage: npm run bench:contact [-- <seconds> <connections>]
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SMTPServer } from 'smtp-server';
import { formatDiagnostic, runBuild } from '../generator/build/build.ts';
import { ContactStore } from '../server/contact-store.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);

// build/ and the generation it links to (generator/write/generations.ts), both in one temporary folder.
const outRoot = await mkdtemp(path.join(os.tmpdir(), 'site-load-'));
const outDir = path.join(outRoot, 'build');
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-load-data-'));
let relayed = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('end', () => {
      relayed++;
      callback();
    });
    stream.resume();
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

const built = await runBuild({ root: REPO, mode: 'build', outDir });
if (!built.ok) {
  console.error(built.diagnostics.map(formatDiagnostic).join('\n'));
  process.exit(1);
}
// Port 0: the server takes a free port and names it in its first line.
const server = spawn(process.execPath, [path.join(REPO, 'bin', 'site.js'), 'start', '--dir', outDir, '--port', '0'], {
  cwd: REPO,
  env: {
    ...process.env,
    SITE_DATA_DIR: dataDir,
    CONTACT_RATE_LIMIT: 'off',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    CONTACT_TO: 'team@almwerk.example',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise<string>((resolve, reject) => {
  server.once('exit', (code) => reject(new Error(`site start exited with ${code}`)));
  server.stdout!.on('data', (chunk: Buffer) => {
    const serving = /on (http:\/\/[^/\s]+)\//.exec(chunk.toString());
    if (serving) resolve(serving[1]);
  });
});

let sent = 0;
const loadStarted = performance.now();
const result = await autocannon({
  url: `${url}/api/contact`,
  connections,
  duration: seconds,
  requests: [
    {
      method: 'POST',
      setupRequest: (request) => {
        sent++;
        return {
          ...request,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'sec-fetch-site': 'same-origin',
            'idempotency-key': `load-${process.pid}-${sent}`,
          },
          body: JSON.stringify({
            name: `Load test ${sent}`,
            email: `load${sent}@example.org`,
            message: `Message ${sent}: we would like to talk about managed PostgreSQL for our agency.`,
            terms: true,
            locale: 'en',
          }),
        };
      },
    },
  ],
});

// Give the relay up to 30 s to catch up, then stop the server gracefully and count.
const waitUntil = Date.now() + 30_000;
let counts = { messages: 0, pending: 0, sent: 0 };
while (Date.now() < waitUntil) {
  const store = ContactStore.open(dataDir, { relay: false });
  counts = store.counts();
  store.close();
  if (counts.pending === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const relaySeconds = (performance.now() - loadStarted) / 1000;
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
smtp.close();

const statuses = (result.statusCodeStats ?? {}) as Record<string, { count?: number }>;
const created = statuses['201']?.count ?? 0;
console.log(
  `POST /api/contact, ${seconds} s at ${connections} connections (autocannon), production server in its own process`,
);
console.log(`  requests/s   ${Math.round(result.requests.average)} average, ${result.requests.min} min`);
console.log(
  `  latency      p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
);
console.log(
  `  answers      ${Object.entries(statuses)
    .map(([code, s]) => `${code}: ${s.count}`)
    .join(', ')}; errors ${result.errors}, timeouts ${result.timeouts}`,
);
console.log(`  stored       ${counts.messages} messages (${created} answered 201)`);
console.log(
  `  relayed      ${counts.sent} sent by the outbox in ${relaySeconds.toFixed(0)} s (${Math.round(counts.sent / relaySeconds)}/s), ${counts.pending} still waiting (they go out after a restart)`,
);
console.log(`  SMTP server  ${relayed} received`);
await rm(outRoot, { recursive: true, force: true });
await rm(dataDir, { recursive: true, force: true });
// Requests still in flight when the load stopped may be stored without their 201 being counted.
if (counts.messages < created) {
  console.error('Fewer messages stored than answered 201: a message was lost.');
  process.exitCode = 1;
}
