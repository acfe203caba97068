// Health endpoints for load balancers and orchestrators: `GET /healthz` answers 200 while the
// process runs; `GET /readyz` answers 200 only when the instance can do its work (the database
// answers, a build is there to serve, it is not shutting down) and 503 with the reasons otherwise,
// so a load balancer sends visitors elsewhere during a deploy or an outage.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

/** True when the request was for a health endpoint (and is answered). `problems` lists what keeps the instance from being ready. */
export function handleHealth(
  req: IncomingMessage,
  res: ServerResponse,
  problems: () => Promise<string[]>,
  headers: Record<string, string>,
): boolean {
  const pathname = (req.url ?? '/').split('?')[0];
  if (pathname !== HEALTH_PATH && pathname !== READY_PATH) return false;
  const base = { ...headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...base, allow: 'GET, HEAD' });
    res.end();
    return true;
  }
  const answer = (found: string[]) => {
    const body = JSON.stringify(found.length ? { status: 'unavailable', problems: found } : { status: 'ok' });
    res.writeHead(found.length ? 503 : 200, { ...base, 'content-length': String(Buffer.byteLength(body)) });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  if (pathname !== READY_PATH) answer([]);
  else problems().then(answer, (error: Error) => answer([error.message]));
  return true;
}
