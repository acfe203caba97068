// Answers of the contact endpoint: JSON for the island and API clients, a page for plain form
// posts. Every answer carries the server's headers and is never cached; error answers say what
// was wrong in words and never carry a stack.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { closeAfterAnswer } from './body.ts';

export type RefusalCode =
  | 'method-not-allowed'
  | 'cross-site'
  | 'rate-limited'
  | 'unsupported-media-type'
  | 'too-large'
  | 'timeout'
  | 'malformed'
  | 'invalid'
  | 'invalid-idempotency-key'
  | 'idempotency-key-reused'
  | 'slot-taken'
  | 'unavailable'
  | 'internal';

export class Reply {
  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly headers: Record<string, string>,
    /** A plain form post: answer with a page. */
    readonly html: boolean,
  ) {}

  header(name: string): string | undefined {
    const value = this.req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  }

  get sent(): boolean {
    return this.res.headersSent;
  }

  json(status: number, body: unknown, extra: Record<string, string> = {}): void {
    this.send(status, 'application/json; charset=utf-8', JSON.stringify(body), extra);
  }

  page(status: number, html: string, extra: Record<string, string> = {}): void {
    this.send(status, 'text/html; charset=utf-8', html, extra);
  }

  /** 303 See Other: a plain form's result is a page of the site, fetched with GET. */
  redirect(location: string): void {
    if (this.res.headersSent || this.res.destroyed) return;
    this.res.writeHead(303, {
      ...this.headers,
      location,
      'content-length': '0',
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
    });
    this.res.end();
  }

  /** A refusal: JSON `{ error, message }`, or the given page for a plain form post. */
  refuse(
    status: number,
    error: RefusalCode,
    message: string,
    page?: () => string,
    extra: Record<string, string> = {},
  ): void {
    if (this.html && page) this.page(status, page(), extra);
    else this.json(status, { error, message }, extra);
  }

  /** Before a refusal that leaves the body unread: the connection closes after it (server/body.ts). */
  closeAfter(): void {
    closeAfterAnswer(this.req, this.res);
  }

  private send(status: number, type: string, body: string, extra: Record<string, string>): void {
    if (this.res.headersSent || this.res.destroyed) return;
    this.res.writeHead(status, {
      ...this.headers,
      'content-type': type,
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
      ...(this.res.shouldKeepAlive ? {} : { connection: 'close' }),
      ...extra,
    });
    this.res.end(this.req.method === 'HEAD' ? undefined : body);
  }
}
