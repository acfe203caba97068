// Serving the built site with the URL rules of the design: trailing slash always, `/x/index.html`
// to `/x/`, configured redirects as 301, and the locale's 404 page with status 404. Shared by
// `site serve` and the production server. Files are revalidated by ETag and Last-Modified
// (hashed assets are immutable instead), and the build's .br and .gz twins are sent to clients
// that accept them.
import { createReadStream, existsSync, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.conf': 'text/plain; charset=utf-8',
};

export interface StaticOptions {
  dir: string;
  /** Redirect sources to targets, both routes. */
  redirects: Map<string, string>;
  /** URL prefixes of the non-default locales, like `/en`, for choosing the 404 page. */
  localePrefixes: string[];
  /** Lets the dev server inject its live-reload script into HTML. */
  transformHtml?: (html: string) => string;
  /** Extra headers for every response (the production server's security headers). */
  headers?: (file: string | undefined) => Record<string, string>;
  /** Send `<file>.br` or `<file>.gz` when the build wrote one and the client accepts it. */
  precompressed?: boolean;
}

/** Precompressed twins, in order of preference. */
const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;

/** Types worth compressing; images and fonts are compressed already. */
export function isCompressible(type: string): boolean {
  return /^(text\/|application\/(json|xml|javascript)|image\/svg\+xml)/.test(type);
}

/** The encodings a client accepts (q > 0), from an Accept-Encoding header. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  let star = false;
  const refused = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (token === '*') star = weight > 0;
    else if (weight > 0) accepted.add(token);
    else refused.add(token);
  }
  if (star) for (const { name } of ENCODINGS) if (!refused.has(name)) accepted.add(name);
  return accepted;
}

function etagOf(stats: Stats, encoding: string | undefined): string {
  return `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}${encoding ? `-${encoding}` : ''}"`;
}

/** If-None-Match wins over If-Modified-Since, as in RFC 9110. */
function notModified(req: IncomingMessage, etag: string, stats: Stats): boolean {
  const match = req.headers['if-none-match'];
  if (match) return match === '*' || match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(stats.mtimeMs / 1000) * 1000 <= since;
}

export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

export type Resolved =
  | { type: 'file'; file: string; status: 200 | 404 }
  | { type: 'redirect'; location: string }
  | { type: 'not-found' };

/** Where a request path leads, by the URL rules. Pure apart from looking at the file system. */
export function resolvePath(options: StaticOptions, rawPath: string): Resolved {
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    return notFound(options, '/');
  }
  if (pathname.includes('\0') || pathname.split('/').includes('..')) return notFound(options, '/');
  const redirect = options.redirects.get(pathname) ?? options.redirects.get(`${pathname}/`);
  if (redirect) return { type: 'redirect', location: redirect };
  if (pathname.endsWith('/index.html')) return { type: 'redirect', location: locationOf(pathname.slice(0, -'index.html'.length)) };
  const full = path.join(options.dir, pathname);
  if (pathname.endsWith('/')) {
    const index = path.join(full, 'index.html');
    if (isFile(index)) return { type: 'file', file: index, status: 200 };
    return notFound(options, pathname);
  }
  if (isFile(full)) return { type: 'file', file: full, status: 200 };
  if (isFile(path.join(full, 'index.html'))) return { type: 'redirect', location: locationOf(`${pathname}/`) };
  return notFound(options, pathname);
}

/** A Location header from a decoded path: re-encoded, so no control character reaches the
 * header, and with one leading slash, since `//host/` or `/\host/` would send the browser to
 * another site. */
function locationOf(pathname: string): string {
  return `/${encodeURI(pathname).replace(/^(?:\/|%5C)+/i, '')}`;
}

function notFound(options: StaticOptions, pathname: string): Resolved {
  const prefix = options.localePrefixes.find((p) => pathname === p || pathname.startsWith(`${p}/`)) ?? '';
  const file = path.join(options.dir, prefix, '404.html');
  return existsSync(file) ? { type: 'file', file, status: 404 } : { type: 'not-found' };
}

export function serveStatic(options: StaticOptions, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8', ...options.headers?.(undefined) });
    res.end('Method not allowed\n');
    return;
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  const resolved = resolvePath(options, url.pathname);
  if (resolved.type === 'redirect') {
    res.writeHead(301, { location: resolved.location + url.search, ...options.headers?.(undefined) });
    res.end();
    return;
  }
  if (resolved.type === 'not-found') {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...options.headers?.(undefined) });
    res.end('Not found\n');
    return;
  }
  const type = contentTypeOf(resolved.file);
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...options.headers?.(resolved.file),
  };
  if (type.startsWith('text/html') && options.transformHtml) {
    import('node:fs/promises').then(async ({ readFile }) => {
      const html = options.transformHtml!(await readFile(resolved.file, 'utf8'));
      res.writeHead(resolved.status, headers);
      res.end(req.method === 'HEAD' ? undefined : html);
    }, () => res.destroy());
    return;
  }
  let file = resolved.file;
  if (options.precompressed && isCompressible(type)) {
    headers.vary = 'Accept-Encoding';
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    const twin = ENCODINGS.find((e) => accepted.has(e.name) && isFile(resolved.file + e.ext));
    if (twin) {
      file = resolved.file + twin.ext;
      headers['content-encoding'] = twin.name;
    }
  }
  let stats: Stats;
  try {
    stats = statSync(file);
  } catch {
    res.destroy();
    return;
  }
  headers.etag = etagOf(stats, headers['content-encoding']);
  headers['last-modified'] = stats.mtime.toUTCString();
  if (resolved.status === 200 && notModified(req, headers.etag, stats)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(resolved.status, { ...headers, 'content-length': String(stats.size) });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}
