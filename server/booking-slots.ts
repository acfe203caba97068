// When an introductory call can be booked: the slots of the config's office hours, in its time
// zone (wall time, so 09:00 stays 09:00 across a change to or from summer time), from today for
// `daysAhead` days, without holidays, starting no sooner than the lead time. A slot is named by the
// UTC instant it starts (ISO 8601), which is what the store's UNIQUE constraint holds.
import { type BookingSlot, type SlotProblem, WEEKDAYS } from '../common/booking-rules.ts';
import type { BookingConfig } from '../generator/config/config.ts';

/** ISO 8601 in UTC, e.g. 2026-12-01T08:00:00.000Z. */
export type Slot = BookingSlot;

export type SlotRules = Pick<
  BookingConfig,
  'timeZone' | 'slotMinutes' | 'officeHours' | 'daysAhead' | 'leadTimeHours' | 'holidays'
>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Wall {
  date: string;
  minutes: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

function partsOf(ms: number, zone: string): Record<string, number> {
  return Object.fromEntries(
    formatIn(zone)
      .formatToParts(ms)
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  );
}

/** The zone's offset from UTC at an instant, in milliseconds (Vienna: +1 h in winter, +2 h in summer). */
export function offsetAt(ms: number, zone: string): number {
  const p = partsOf(ms, zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The wall date and minute of the day of an instant in a zone. */
export function wallOf(ms: number, zone: string): Wall {
  const p = partsOf(ms, zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, minutes: p.hour * 60 + p.minute };
}

/**
 * The instant a wall time of a date has in a zone; undefined for a time the clocks skip (the hour
 * summer time begins). Of a time that happens twice (the hour it ends) the earlier is taken.
 */
export function instantOf(date: string, minutes: number, zone: string): number | undefined {
  const [y, m, d] = date.split('-').map(Number);
  const asUtc = Date.UTC(y, m - 1, d) + minutes * MINUTE;
  const candidates = [asUtc - offsetAt(asUtc - DAY, zone), asUtc - offsetAt(asUtc + DAY, zone)].filter((t) => {
    const wall = wallOf(t, zone);
    return wall.date === date && wall.minutes === minutes;
  });
  return candidates.length ? Math.min(...candidates) : undefined;
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function weekdayOf(date: string): (typeof WEEKDAYS)[number] {
  const [y, m, d] = date.split('-').map(Number);
  // getUTCDay counts from Sunday; WEEKDAYS from Monday.
  return WEEKDAYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7];
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Every slot of a date by the office hours alone (no holidays, no lead time), in order. */
export function slotsOfDay(rules: SlotRules, date: string): Slot[] {
  const slots: Slot[] = [];
  for (const span of rules.officeHours[weekdayOf(date)] ?? []) {
    const [from, to] = [minutesOf(span.slice(0, 5)), minutesOf(span.slice(6))];
    for (let m = from; m + rules.slotMinutes <= to; m += rules.slotMinutes) {
      const start = instantOf(date, m, rules.timeZone);
      // A slot in the hour the clocks skip does not exist; its length is real time, not wall time.
      if (start === undefined) continue;
      slots.push({
        start: new Date(start).toISOString(),
        end: new Date(start + rules.slotMinutes * MINUTE).toISOString(),
      });
    }
  }
  return slots.sort((a, b) => a.start.localeCompare(b.start));
}

/** The dates offered: today in the booking's zone and the days after it. */
function offeredDates(rules: SlotRules, now: number): string[] {
  const today = wallOf(now, rules.timeZone).date;
  return Array.from({ length: rules.daysAhead }, (_, i) => addDays(today, i));
}

/** The slots a visitor may book now: offered, not on a holiday, after the lead time, not taken. */
export function freeSlots(rules: SlotRules, now: number, taken: ReadonlySet<string> = new Set()): Slot[] {
  const earliest = now + rules.leadTimeHours * 60 * MINUTE;
  const holidays = new Set(rules.holidays);
  return offeredDates(rules, now)
    .filter((date) => !holidays.has(date))
    .flatMap((date) => slotsOfDay(rules, date))
    .filter((slot) => Date.parse(slot.start) >= earliest && !taken.has(slot.start));
}

/** The slot a requested start names (normalised to ISO UTC), or why it cannot be booked. */
export function checkSlot(
  rules: SlotRules,
  requested: unknown,
  now: number,
): { ok: true; slot: Slot } | { ok: false; problem: Exclude<SlotProblem, 'slotTaken'> | 'required' } {
  if (typeof requested !== 'string' || !requested.trim()) return { ok: false, problem: 'required' };
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(requested.trim())
    ? Date.parse(requested.trim())
    : NaN;
  if (!Number.isFinite(ms)) return { ok: false, problem: 'slotInvalid' };
  if (ms < now) return { ok: false, problem: 'slotPast' };
  if (ms < now + rules.leadTimeHours * 60 * MINUTE) return { ok: false, problem: 'slotTooSoon' };
  const { date } = wallOf(ms, rules.timeZone);
  if (!offeredDates(rules, now).includes(date)) return { ok: false, problem: 'slotTooFar' };
  if (rules.holidays.includes(date)) return { ok: false, problem: 'slotHoliday' };
  const slot = slotsOfDay(rules, date).find((s) => Date.parse(s.start) === ms);
  return slot ? { ok: true, slot } : { ok: false, problem: 'slotOutsideHours' };
}
