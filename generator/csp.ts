// The security headers of the production site, decided at build time: the Content-Security-Policy
// allows scripts from the site itself plus, by hash, the one inline script (the colour mode, which
// must run before first paint), and never 'unsafe-inline'. The build writes them as `_headers`
// (the format static hosts read); the production server sends the same file's headers.
import { createHash } from 'node:crypto';

export const HEADERS_FILE = '_headers';

/** `'sha256-…'` of an inline script's exact text, as browsers hash it. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

export function contentSecurityPolicy(inlineScripts: string[]): string {
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets the search (Pagefind) compile its WebAssembly; it allows no eval of JavaScript.
    `script-src 'self' 'wasm-unsafe-eval' ${inlineScripts.map(scriptHash).join(' ')}`.trim(),
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(inlineScripts: string[]): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(inlineScripts),
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/** `_headers`: the security headers for every path, and immutable caching for hashed assets. */
export function headersFile(inlineScripts: string[]): string {
  const all = Object.entries(securityHeaders(inlineScripts)).map(([name, value]) => `  ${name}: ${value}`);
  return ['/*', ...all, '/assets/*', '  Cache-Control: public, max-age=31536000, immutable', ''].join('\n');
}

/** The headers for every path from a `_headers` file (its `/*` block). */
export function parseHeadersFile(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let inAll = false;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      inAll = line.trim() === '/*';
      continue;
    }
    const colon = line.indexOf(':');
    if (inAll && colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}
