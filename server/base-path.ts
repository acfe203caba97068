// A site served under a subpath (`baseUrl: '/docs/'`): the request's path loses the base before
// any handler sees it, so the URL rules, the endpoints and the build's files all deal in routes,
// and every Location a handler answers with (a route) gains it on the way out. `site start` and
// `site serve` alike.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type BaseConfig, requestUnderBase, servedPath } from '../common/served-url.ts';
import { oneSlashPath } from './static.ts';

/** True when the request is the site's to answer (its URL now a route); false when it was
 * answered here: a redirect from `/` (or the base without its slash) to the base, or 404 for a
 * path outside the base. */
export function enterBase(
  config: BaseConfig,
  req: IncomingMessage,
  res: ServerResponse,
  headers: Record<string, string> = {},
): boolean {
  if (config.baseUrl === '/') return true;
  const raw = req.url ?? '/';
  const q = raw.search(/[?#]/);
  const [pathname, rest] = q === -1 ? [raw, ''] : [raw.slice(0, q), raw.slice(q)];
  // `//docs/x` is `/docs/x` on this host (server/static.ts), not outside the base.
  const oneSlash = oneSlashPath(pathname);
  if (oneSlash !== undefined) {
    res.writeHead(301, { ...headers, location: oneSlash + rest, 'cache-control': 'no-cache' });
    res.end();
    return false;
  }
  const answer = requestUnderBase(config, pathname);
  if ('redirect' in answer) {
    res.writeHead(answer.permanent ? 301 : 302, {
      ...headers,
      location: answer.redirect + rest,
      'cache-control': 'no-cache',
    });
    res.end();
    return false;
  }
  if ('outside' in answer) {
    res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
    res.end(`Not found: this site is served under ${config.baseUrl}\n`);
    return false;
  }
  req.url = answer.route + rest;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...args: unknown[]) => {
    const headersArg = args.find(
      (a): a is Record<string, unknown> => typeof a === 'object' && a !== null && !Array.isArray(a),
    );
    if (headersArg && typeof headersArg.location === 'string')
      headersArg.location = servedPath(config, headersArg.location);
    const set = res.getHeader('location');
    if (typeof set === 'string') res.setHeader('location', servedPath(config, set));
    return writeHead(status, ...args);
  }) as ServerResponse['writeHead'];
  return true;
}
