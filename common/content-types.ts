// Content types by file extension: what the server sends, and what the build precompresses.

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

/** The extension of a file path, lower case, with its dot; '' when the name has none. */
function extensionOf(file: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

export function contentTypeOf(file: string): string {
  return TYPES[extensionOf(file)] ?? 'application/octet-stream';
}

/** Types worth compressing; images and fonts are compressed already. */
export function isCompressible(type: string): boolean {
  return /^(text\/|application\/(json|xml|javascript)|image\/svg\+xml)/.test(type);
}
