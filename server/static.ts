// Serving the built site with the URL rules of the design: trailing slash always, `/x/index.html`
// to `/x/`, configured redirects as 301, and the locale's 404 page with status 404. Shared by
// `site serve` and the production server. Files are revalidated by ETag and Last-Modified
// (hashed assets are immutable instead), and the build's .br and .gz twins are sent to clients
// that accept them.
import { createReadStream, existsSync, type Stats, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { contentTypeOf, isCompressible } from '../common/content-types.ts';
import { matchRedirectRule, type RedirectRule } from '../common/redirect-rules.ts';
import { HOST_FILES, SERVER_DIR } from '../common/server-files.ts';
import { closeAfterAnswer } from './body.ts';

export interface StaticOptions {
  dir: string;
  /** Redirect sources to targets, both routes. */
  redirects: Map<string, string>;
  /** Redirects with `:placeholders` or a `*` splat (common/redirect-rules.ts), after those of one URL. */
  rules?: readonly RedirectRule[];
  /** URL prefixes of the non-default locales, like `/en`, for choosing the 404 page. */
  localePrefixes: string[];
  /** Lets the dev server inject its live-reload script into HTML. */
  transformHtml?: (html: string) => string;
  /** Extra headers for every response (the production server's security headers). */
  headers?: (file: string | undefined) => Record<string, string>;
  /** Send `<file>.br` or `<file>.gz` when the build wrote one and the client accepts it. */
  precompressed?: boolean;
  /** A newer build to look in when a file is missing (the build was swapped during the request). */
  newer?: () => StaticOptions | undefined;
  /** Files served as they are from the folder they are kept in, before the built ones, except
   * those named in `skip` and those `serves` refuses (the dev server serves the site's public/ so,
   * instead of copying it, and refuses what a build would not copy: a link out of the project). */
  sourceFiles?: { dir: string; skip: ReadonlySet<string>; serves?: (file: string) => boolean };
}

/** Precompressed twins, in order of preference. */
const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;

/** The q-value of each coding an Accept-Encoding header names, and of `*`; a missing or malformed q is 1 or 0. */
function encodingWeights(header: string | undefined): { weights: Map<string, number>; star: number | undefined } {
  const weights = new Map<string, number>();
  let star: number | undefined;
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const parsed = q ? Number(q.slice(2)) : 1;
    const weight = Number.isFinite(parsed) ? Math.min(1, Math.max(0, parsed)) : 0;
    if (token === '*') star = weight;
    else weights.set(token, weight);
  }
  return { weights, star };
}

/** The encodings a client accepts (q > 0), from an Accept-Encoding header. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const { weights, star } = encodingWeights(header);
  const accepted = new Set([...weights].filter(([, q]) => q > 0).map(([name]) => name));
  if (star) for (const { name } of ENCODINGS) if (!weights.has(name)) accepted.add(name);
  return accepted;
}

/**
 * The precompressed encodings worth sending, best first by the client's q-values (ties go to br,
 * the smaller); q=0 means "not acceptable". None when the client weights `identity` (plain) higher
 * than any of them.
 */
export function encodingsByPreference(header: string | undefined): string[] {
  const { weights, star } = encodingWeights(header);
  const weight = (name: string) => weights.get(name) ?? star ?? 0;
  const ranked = ENCODINGS.map(({ name }) => name)
    .filter((name) => weight(name) > 0)
    .sort((a, b) => weight(b) - weight(a));
  const identity = weights.get('identity');
  return identity !== undefined ? ranked.filter((name) => weight(name) >= identity) : ranked;
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

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Inclusive byte positions of one range. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The one range of a `Range: bytes=…` header (RFC 9110 14.1.2) within a file of `size` bytes:
 * undefined for no header, another unit, several ranges or a malformed one (the whole file is
 * sent), 'unsatisfiable' for a range that starts past the end (416).
 */
export function byteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header ?? '');
  if (!match || (!match[1] && !match[2])) return undefined;
  if (!match[1]) {
    // The last n bytes.
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (match[2] && Number(match[2]) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

export type Resolved =
  | { type: 'file'; file: string; status: 200 | 404 }
  | { type: 'redirect'; location: string }
  | { type: 'not-found' };

/**
 * `//host/…` and `/\host/…` are read by a browser as another host in a Location made of them
 * (`/x/index.html` to `/x/`): such a path (as sent, as nginx asks it) is redirected to itself with
 * one slash, on this host, as nginx answers with the build's include. Undefined for any other path.
 */
export function oneSlashPath(rawPath: string): string | undefined {
  const slashes = /^\/[/\\]+/.exec(rawPath);
  return slashes ? `/${rawPath.slice(slashes[0].length)}` : undefined;
}

/** Where a request path leads, by the URL rules. Pure apart from looking at the file system. */
export function resolvePath(options: StaticOptions, rawPath: string): Resolved {
  const oneSlash = oneSlashPath(rawPath);
  if (oneSlash !== undefined) return { type: 'redirect', location: oneSlash };
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    return notFound(options, '/');
  }
  if (pathname.includes('\0') || pathname.split('/').includes('..')) return notFound(options, '/');
  // The production server's own files (server/build-manifest.ts), and the rules for the hosts, not the site's.
  if (pathname.startsWith(`/${SERVER_DIR}/`) || HOST_FILES.has(pathname)) return notFound(options, pathname);
  const redirect = options.redirects.get(pathname) ?? options.redirects.get(`${pathname}/`);
  if (redirect) return { type: 'redirect', location: redirect };
  const ruled = options.rules?.length ? matchRedirectRule(options.rules, pathname) : undefined;
  if (ruled) return { type: 'redirect', location: ruled.startsWith('/') ? locationOf(ruled) : ruled };
  if (pathname.endsWith('/index.html'))
    return { type: 'redirect', location: locationOf(pathname.slice(0, -'index.html'.length)) };
  if (pathname.endsWith('/')) {
    const index = fileAt(options, `${pathname}index.html`);
    if (index) return { type: 'file', file: index, status: 200 };
    return notFound(options, pathname);
  }
  const file = fileAt(options, pathname);
  if (file) return { type: 'file', file, status: 200 };
  if (fileAt(options, `${pathname}/index.html`)) return { type: 'redirect', location: locationOf(`${pathname}/`) };
  return notFound(options, pathname);
}

/** The file at a path of the site: in the source folder served as it is, else in the build. */
function fileAt(options: StaticOptions, pathname: string): string | undefined {
  const source = options.sourceFiles;
  if (source && !source.skip.has(pathname.slice(1))) {
    const file = path.join(source.dir, pathname);
    if (isFile(file) && (source.serves?.(file) ?? true)) return file;
  }
  const file = path.join(options.dir, pathname);
  return isFile(file) ? file : undefined;
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
    // Whatever body came with it is not read: the connection ends with the answer.
    closeAfterAnswer(req, res);
    res.writeHead(405, {
      allow: 'GET, HEAD',
      'content-type': 'text/plain; charset=utf-8',
      connection: 'close',
      ...options.headers?.(undefined),
    });
    res.end('Method not allowed\n');
    return;
  }
  // The request's path as sent: `new URL('//host/x', base)` would read `host` as the host and
  // answer for `/x`.
  const url = new URL(`http://localhost${(req.url ?? '/').replace(/^(?!\/)/, '/')}`);
  let resolved = resolvePath(options, url.pathname);
  if (resolved.type === 'not-found' || (resolved.type === 'file' && resolved.status === 404)) {
    const newer = options.newer?.();
    if (newer) {
      options = newer;
      resolved = resolvePath(options, url.pathname);
    }
  }
  if (resolved.type === 'redirect') {
    // Revalidated like pages: a redirect changed by a later build reaches returning visitors.
    res.writeHead(301, {
      location: resolved.location + url.search,
      'cache-control': 'no-cache',
      ...options.headers?.(undefined),
    });
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
    // A missing asset is the 404 page, which must not be kept for a year.
    'cache-control':
      url.pathname.startsWith('/assets/') && resolved.status === 200
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    ...options.headers?.(resolved.file),
  };
  if (type.startsWith('text/html') && options.transformHtml) {
    import('node:fs/promises').then(
      async ({ readFile }) => {
        const html = options.transformHtml!(await readFile(resolved.file, 'utf8'));
        res.writeHead(resolved.status, headers);
        res.end(req.method === 'HEAD' ? undefined : html);
      },
      () => res.destroy(),
    );
    return;
  }
  let file = resolved.file;
  if (options.precompressed && isCompressible(type)) {
    const twins = ENCODINGS.filter((e) => isFile(resolved.file + e.ext));
    const twin = encodingsByPreference(req.headers['accept-encoding'])
      .map((name) => twins.find((e) => e.name === name))
      .find(Boolean);
    if (twin) {
      file = resolved.file + twin.ext;
      headers['content-encoding'] = twin.name;
    }
    // The answer says it varies by Accept-Encoding as nginx's gzip_static and brotli_static say it
    // (the build's include): wherever a `.gz` twin exists, and on a `.br` answer. A page has only
    // `.br` (generator/write/compress.ts): sent as it is, to a client without brotli, it goes
    // without, so a shared cache may at worst hand it uncompressed to a browser, never a compressed
    // answer to a client that cannot read it.
    if (twin?.name === 'br' || twins.some((e) => e.name === 'gzip')) headers.vary = 'Accept-Encoding';
  }
  let stats: Stats;
  try {
    stats = statSync(file);
  } catch {
    res.destroy();
    return;
  }
  // Validators for files; the 404 page answers for a missing one and is never revalidated.
  if (resolved.status === 200) {
    headers.etag = etagOf(stats, headers['content-encoding']);
    // The second the file was last written, as nginx and the file system say it: `stats.mtime`
    // rounds to the millisecond, so a file written in a second's last half millisecond showed the
    // next second.
    headers['last-modified'] = new Date(Math.floor(stats.mtimeMs / 1000) * 1000).toUTCString();
  }
  if (resolved.status === 200 && notModified(req, headers.etag, stats)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  let range: ByteRange | 'unsatisfiable' | undefined;
  if (resolved.status === 200) {
    headers['accept-ranges'] = 'bytes';
    // If-Range: the part only of the representation the client has; otherwise the whole file.
    const ifRange = req.headers['if-range'];
    if (!ifRange || ifRange === headers.etag || ifRange === headers['last-modified'])
      range = byteRange(req.headers.range, stats.size);
  }
  if (range === 'unsatisfiable') {
    res.writeHead(416, { ...headers, 'content-range': `bytes */${stats.size}`, 'content-length': '0' });
    res.end();
    return;
  }
  if (range)
    res.writeHead(206, {
      ...headers,
      'content-range': `bytes ${range.start}-${range.end}/${stats.size}`,
      'content-length': String(range.end - range.start + 1),
    });
  else res.writeHead(resolved.status, { ...headers, 'content-length': String(stats.size) });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {});
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}
