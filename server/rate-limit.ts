// Per-client request limits: a fixed window per address, in memory. IPv6 clients are counted per
// /64, the block one subscriber usually gets, so rotating through one's own addresses does not
// multiply the allowance. The table is bounded, so a flood of addresses cannot exhaust memory.
import { isIPv6 } from 'node:net';
import type { RateLimit } from './backend-config.ts';

const MAX_CLIENTS = 100_000;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

function expandIPv6(address: string): string[] {
  const [head, tail = ''] = address.split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const fill = address.includes('::') ? new Array(8 - left.length - right.length).fill('0') : [];
  return [...left, ...fill, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

export class RateLimiter {
  private windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: RateLimit | false,
    private readonly now: () => number = Date.now,
  ) {}

  check(address: string): RateDecision {
    if (!this.limit) return { allowed: true };
    const key = clientKey(address);
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= MAX_CLIENTS) this.prune(now);
      window = { count: 0, resetAt: now + this.limit.windowMs };
      this.windows.delete(key);
      this.windows.set(key, window);
    }
    window.count++;
    if (window.count <= this.limit.max) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    // Still full of live windows: forget the oldest; a few clients get a fresh allowance early.
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_CLIENTS * 0.9) break;
      this.windows.delete(key);
    }
  }
}
