// Where the production server reports: lines for people by default, or with LOG_FORMAT=json one
// JSON object per line for a log collector: every message, one line per request answered and one
// per relay event. A request line has method, path (no query), status, duration and bytes, and no
// client address: the privacy policy says no addresses are kept, and logs are kept.
import type { RelayEvent } from './outbox-relay.ts';

export interface RequestEntry {
  method: string;
  path: string;
  status: number;
  ms: number;
  bytes: number;
}

export type Log = Pick<Console, 'log' | 'error'> & {
  /** A relay attempt ended (sent, retry, unconfirmed, dead). */
  relay?: (event: RelayEvent) => void;
  /** A request was answered. */
  request?: (entry: RequestEntry) => void;
};

export type LogFormat = 'text' | 'json';

export class LogFormatError extends Error {}

export function logFormatOf(value: string | undefined): LogFormat {
  if (!value || value === 'text') return 'text';
  if (value === 'json') return 'json';
  throw new LogFormatError(`LOG_FORMAT must be text or json, not "${value}"`);
}

/** What one argument of console.log-style calls says, for a JSON field. */
function textOf(args: unknown[]): string {
  return args.map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
}

/** One JSON object per line on `out`. */
export function jsonLog(out: { write: (line: string) => unknown } = process.stdout, now = () => new Date()): Log {
  const line = (record: Record<string, unknown>) =>
    out.write(`${JSON.stringify({ time: now().toISOString(), ...record })}\n`);
  return {
    log: (...args: unknown[]) => line({ level: 'info', msg: textOf(args) }),
    error: (...args: unknown[]) => line({ level: 'error', msg: textOf(args) }),
    relay: (event) =>
      line({
        level: event.event === 'sent' ? 'info' : event.event === 'dead' ? 'error' : 'warn',
        type: 'relay',
        ...event,
      }),
    request: (entry) => line({ level: 'info', type: 'request', ...entry }),
  };
}

export function logFor(format: LogFormat): Log {
  return format === 'json' ? jsonLog() : console;
}
