// The security headers of the production site, decided at build time: the Content-Security-Policy
// allows scripts from the site itself plus, by hash, the one inline script (the colour mode, which
// must run before first paint), and never 'unsafe-inline'. The build writes them as `_headers`
// (the format static hosts read); the production server sends the same file's headers.
// Hashing needs Node's crypto: generator/extras/csp.ts hashes, for the build and the server, and hands in
// the digests.

import { headersForAll, parseHeaderRules } from './headers-file.ts';
import { type BaseConfig, servedPath } from './served-url.ts';

export const HEADERS_FILE = '_headers';

/** The CSP source expression for an inline script whose SHA-256 digest (base64) is given: `'sha256-…'`. */
export function sha256Source(digestBase64: string): string {
  return `'sha256-${digestBase64}'`;
}

/** `scriptHashes`: the `'sha256-…'` source expressions of the inline scripts the pages run. */
export function contentSecurityPolicy(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets the search (Pagefind) compile its WebAssembly; it allows no eval of JavaScript.
    `script-src 'self' 'wasm-unsafe-eval' ${scriptHashes.join(' ')}`.trim(),
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

export function securityHeaders(scriptHashes: string[]): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(scriptHashes),
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy':
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/** `_headers`: the security headers for every path, and immutable caching for hashed assets. */
export function headersFile(scriptHashes: string[], base: BaseConfig = { baseUrl: '/' }): string {
  const all = Object.entries(securityHeaders(scriptHashes)).map(([name, value]) => `  ${name}: ${value}`);
  // Paths as the host matches them: the hashed assets under the site's baseUrl.
  return [
    '/*',
    ...all,
    `${servedPath(base, '/assets/')}*`,
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
  ].join('\n');
}

/** The headers for every path from a `_headers` file (its `/*` blocks), without the rules no server can send. */
export function parseHeadersFile(text: string): Record<string, string> {
  return headersForAll(parseHeaderRules(text).rules);
}
