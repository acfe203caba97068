// Reading a request body with a size and a time limit, and turning it into fields. A body that
// declares itself too big is refused before a byte is read; one that grows too big or arrives too
// slowly is cut off.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BodyKind } from './request-guards.ts';

export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'too-large' | 'timeout' | 'aborted' };

export function readBody(req: IncomingMessage, limit: number, timeoutMs: number): Promise<BodyResult> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ ok: false, reason: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: BodyResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish({ ok: false, reason: 'too-large' });
      else chunks.push(chunk);
    };
    const onEnd = () => finish({ ok: true, body: Buffer.concat(chunks, size) });
    const onAbort = () => finish({ ok: false, reason: 'aborted' });
    const onClose = () => {
      if (!req.complete) onAbort();
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), timeoutMs);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onClose);
  });
}

/** What a refused client may still send, after the answer, before its connection is cut. */
const LINGER_BYTES = 1024 * 1024;
const LINGER_MS = 2000;

/**
 * For an answer that leaves the body unread (or read only up to the limit): the connection ends
 * with it (`Connection: close`), so no further request follows and the body is not taken in. The
 * answer is followed by a half-close (FIN), and what the client is still sending is read and
 * dropped for a moment, up to LINGER_BYTES or LINGER_MS: closing at once with unread data would
 * reset the connection, and the client would lose the answer before reading it. Call before
 * writing the answer's headers.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  res.shouldKeepAlive = false;
  const socket = req.socket;
  let lingered = 0;
  const cut = () => socket.destroy();
  let timer: NodeJS.Timeout | undefined;
  // Node ends a closing connection with destroySoon(), which resets it when unread data waits.
  socket.destroySoon = () => {
    socket.end();
    timer = setTimeout(cut, LINGER_MS);
  };
  req.on('data', (chunk: Buffer) => {
    lingered += chunk.length;
    if (lingered > LINGER_BYTES && res.writableFinished) cut();
  });
  socket.once('close', () => clearTimeout(timer));
  req.resume();
}

export type Fields = Record<string, unknown>;
export type ParsedBody = { ok: true; fields: Fields } | { ok: false; problem: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function parseBody(kind: BodyKind, body: Buffer): ParsedBody {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return { ok: false, problem: 'The body is not valid UTF-8.' };
  }
  if (kind === 'form') {
    const params = new URLSearchParams(text);
    // A repeated field counts once, by its first value, as in the browser's own form handling.
    const fields: Fields = Object.create(null);
    for (const [key, value] of params) if (!(key in fields)) fields[key] = value;
    return { ok: true, fields };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'The body is not valid JSON.' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, problem: 'The body must be a JSON object.' };
  return { ok: true, fields: value as Fields };
}
