// A client that sends its request headers slowly is cut off after the 10 s server/main.ts gives
// it (headersTimeout), with 408, not after Node's next check of the timeouts, which by default
// comes every 30 s and held such a connection up to 40 s.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { type BuiltFixture, buildFixture, type RunningServer, startServer } from './contact-helpers.ts';

let site: BuiltFixture;
let server: RunningServer;

before(async () => {
  site = await buildFixture();
  server = await startServer(site);
});

after(async () => {
  await server?.stop();
  await site?.dispose();
});

test('a connection whose headers are not complete after 10 s is answered 408 and closed soon after', async () => {
  const { port } = new URL(server.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  const started = performance.now();
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
  // A byte now and then, never the end of the headers.
  const drip = setInterval(() => socket.write('a'), 2_000);
  await new Promise<void>((resolve) => socket.once('close', () => resolve()));
  clearInterval(drip);
  const seconds = (performance.now() - started) / 1000;
  assert.match(answer, /^HTTP\/1\.1 408 /);
  assert.ok(seconds >= 9.5, `closed after ${seconds.toFixed(1)} s, not before the 10 s`);
  // Node's default check every 30 s closes it at the first check, 30 s after the server started.
  assert.ok(seconds < 25, `closed after ${seconds.toFixed(1)} s`);
});
