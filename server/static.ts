// Serving the built site with the URL rules of the design: trailing slash always, `/x/index.html`
// to `/x/`, configured redirects as 301, and the locale's 404 page with status 404. Shared by
// `site serve` and the production server.
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
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
  if (pathname.endsWith('/index.html')) return { type: 'redirect', location: pathname.slice(0, -'index.html'.length) };
  const full = path.join(options.dir, pathname);
  if (pathname.endsWith('/')) {
    const index = path.join(full, 'index.html');
    if (isFile(index)) return { type: 'file', file: index, status: 200 };
    return notFound(options, pathname);
  }
  if (isFile(full)) return { type: 'file', file: full, status: 200 };
  if (isFile(path.join(full, 'index.html'))) return { type: 'redirect', location: `${pathname}/` };
  return notFound(options, pathname);
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
  res.writeHead(resolved.status, { ...headers, 'content-length': String(statSync(resolved.file).size) });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(resolved.file).pipe(res);
}
