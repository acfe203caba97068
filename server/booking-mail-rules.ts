// When a booking's mails go, or do not, in either store. The invitation waits in the outbox until
// a mail server takes it (a site without SMTP_URL today sends it once one is configured); a
// cancellation is mailed only when the invitation may have reached the visitor, so nobody gets a
// CANCEL for an invitation they never received; and an invitation that has become pointless (the
// booking was cancelled meanwhile, or its call has begun) is not sent at all.
import type { BookingMailKind, StoredBooking } from './store.ts';

/** An outbox row of an invitation, as far as these rules look at it. */
export interface InvitationRow {
  sent_at: string | null;
  dead_at: string | null;
  /** Held by a sender: being sent right now, or its sender died mid-send. */
  lease_until: number | null;
  /** Attempts after which the mail server may have had it without saying so. */
  unconfirmed: number;
}

/** Whether the visitor may have the invitation: sent, being sent, or sent once without an answer. */
export function invitationMayHaveArrived(row: InvitationRow | undefined): boolean {
  if (!row) return false;
  return row.sent_at !== null || row.unconfirmed > 0 || (row.lease_until !== null && row.dead_at === null);
}

/** When the cancellation may go: not before a send of the invitation in progress has ended. */
export function cancellationDue(row: InvitationRow | undefined, now: number): number {
  return Math.max(now, row?.sent_at === null && row.dead_at === null ? (row.lease_until ?? 0) : 0);
}

export const WITHDRAWN = 'cancelled before it was sent';

/** Why a claimed mail is no longer worth sending, or undefined when it is. */
export function pointless(kind: BookingMailKind, booking: StoredBooking, now: number): string | undefined {
  if (kind !== 'confirmation') return undefined;
  if (booking.cancelledAt) return WITHDRAWN;
  if (Date.parse(booking.start) <= now) return 'the call had begun before the invitation could be sent';
  return undefined;
}
