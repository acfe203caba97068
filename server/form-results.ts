// What a plain form post (JavaScript off) led to, kept for the page the visitor is sent to: the
// endpoint answers 303 with the contact page's address and a token (`?result=<token>`), so the
// visitor lands on a page of the site, a reload does not post again, and the result (errors
// beside their fields and the values kept, or the thank-you) is still shown. In memory only, for
// a short while, and bounded, so nobody can fill the server's memory with results.
import { randomBytes } from 'node:crypto';

export const RESULT_QUERY = 'result';
const TTL_MS = 30 * 60_000;
const MAX_RESULTS = 5000;

export class FormResults<T> {
  private readonly results = new Map<string, { expires: number; value: T }>();

  put(value: T, now = Date.now()): string {
    for (const [token, entry] of this.results) {
      if (entry.expires > now && this.results.size < MAX_RESULTS) break;
      this.results.delete(token);
    }
    const token = randomBytes(16).toString('hex');
    this.results.set(token, { expires: now + TTL_MS, value });
    return token;
  }

  get(token: string, now = Date.now()): T | undefined {
    const entry = this.results.get(token);
    if (!entry || entry.expires <= now) return undefined;
    return entry.value;
  }
}
