// Questions about a request asked before its body is read: where it comes from, who sent it, and
// what kind of body it carries.
import type { IncomingMessage } from 'node:http';

/**
 * True for a browser request made by another site. Sec-Fetch-Site is the browser's own verdict and
 * is trusted first; without it (older browsers) the Origin header is compared, scheme included,
 * with the origin the request was sent to: `http://` posting to an `https://` site is another
 * origin. Requests with neither come from non-browser clients, which cannot be made to post on a
 * visitor's behalf, so they are not cross-site.
 */
export function isCrossSite(req: IncomingMessage, allowedOrigins: ReadonlySet<string>, trustProxy = false): boolean {
  const site = header(req, 'sec-fetch-site');
  if (site === 'same-origin' || site === 'none') return false;
  if (site && site !== 'same-site') return true;
  const origin = header(req, 'origin');
  // same-site (a sibling subdomain) is allowed only when its origin is configured.
  if (!origin) return site === 'same-site';
  if (origin === 'null') return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return true;
  }
  if (allowedOrigins.has(url.origin)) return false;
  return site === 'same-site' || url.origin !== ownOrigin(req, trustProxy);
}

/**
 * The origin a request was sent to: its Host, with the scheme of the connection (TLS or not), or
 * behind a trusted reverse proxy the scheme the proxy received (X-Forwarded-Proto).
 */
export function ownOrigin(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? header(req, 'x-forwarded-proto')?.split(',')[0].trim().toLowerCase() : undefined;
  const scheme =
    forwarded === 'https' || forwarded === 'http'
      ? forwarded
      : (req.socket as { encrypted?: boolean }).encrypted
        ? 'https'
        : 'http';
  try {
    return new URL(`${scheme}://${header(req, 'host')}`).origin;
  } catch {
    return undefined;
  }
}

export type BodyKind = 'json' | 'form';

/** JSON or a plain form's urlencoded body, in UTF-8; anything else is refused with 415. */
export function bodyKindOf(req: IncomingMessage): BodyKind | undefined {
  const raw = header(req, 'content-type');
  if (!raw) return undefined;
  const [type, ...params] = raw.split(';').map((p) => p.trim().toLowerCase());
  const charset = params
    .find((p) => p.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  if (charset && charset !== 'utf-8' && charset !== 'utf8') return undefined;
  if (type === 'application/json') return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  return undefined;
}

/** The visitor's address: the socket's peer, or behind a trusted proxy the last hop it recorded. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = header(req, 'x-forwarded-for')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (forwarded?.length) return forwarded[forwarded.length - 1];
  }
  return req.socket.remoteAddress ?? 'unknown';
}

/** Whether the answer should be a page (a plain form post) rather than JSON (the island). */
export function wantsHtml(req: IncomingMessage): boolean {
  const accept = header(req, 'accept') ?? '';
  return accept.includes('text/html') && !accept.startsWith('application/json');
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
