// The embedded store: SQLite files in the data directory, for one instance. Contact messages,
// bookings and the results of plain form posts share `contact.sqlite` (server/contact-store.ts,
// server/booking-store.ts, server/sqlite-form-results.ts), the analytics counters have
// `insights.sqlite`. Several processes on one machine may open the files
// (the CLI beside `site start`); instances on several machines need PostgreSQL.
import { BookingStore } from './booking-store.ts';
import { ContactStore } from './contact-store.ts';
import { SqliteEventCounts } from './sqlite-event-counts.ts';
import { SqliteFormResults } from './sqlite-form-results.ts';
import type { MessageStore, Store, StoredMessage } from './store.ts';

/** Rows of one page of an export. */
const PAGE = 500;

export class SqliteStore implements Store {
  readonly kind = 'sqlite';
  readonly messages: MessageStore;
  readonly events: SqliteEventCounts;
  readonly results: SqliteFormResults;
  private readonly contact: ContactStore;
  private bookingStore: BookingStore | undefined;
  private closed = false;

  /** Opens (creating the directory, the file and the schema on first use) the store in `dataDir`; throws when it cannot. */
  constructor(
    private readonly dataDir: string,
    options: { relay: boolean },
  ) {
    this.contact = ContactStore.open(dataDir, options);
    this.events = new SqliteEventCounts(dataDir);
    this.results = new SqliteFormResults(dataDir);
    const contact = this.contact;
    this.messages = {
      submit: (message) => contact.submit(message),
      list: async (limit, offset) => contact.list(limit, offset),
      iterate: () => pages(contact),
      counts: async () => contact.counts(),
      purgeReceivedBefore: async (cutoff) => contact.purgeReceivedBefore(cutoff),
      claimNext: async (now, rules) => (contact.isOpen ? contact.claimNext(now, rules) : undefined),
      recordOutcome: async (id, outcome, rules) => contact.recordOutcome(id, outcome, rules),
      nextDue: async () => (contact.isOpen ? contact.nextDue() : undefined),
      get isOpen() {
        return contact.isOpen;
      },
    };
  }

  get location(): string {
    return this.contact.file;
  }

  /** Opened with the first booking question, on the same file. */
  get bookings(): BookingStore {
    if (this.closed) throw new Error('the booking store is closed');
    this.bookingStore ??= BookingStore.open(this.dataDir);
    return this.bookingStore;
  }

  /** The files are opened (and migrated) by the constructor. */
  async ready(): Promise<void> {}

  async ping(): Promise<void> {
    this.contact.ping();
  }

  get isOpen(): boolean {
    return !this.closed && this.contact.isOpen;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.contact.close();
    this.bookingStore?.close();
    this.results.close();
    this.events.close();
  }
}

/** Oldest first, a page at a time by id: an export neither holds the file's read lock nor all rows at once. */
async function* pages(contact: ContactStore): AsyncGenerator<StoredMessage> {
  let after = 0;
  for (;;) {
    const page = contact.listAfter(after, PAGE);
    yield* page;
    if (page.length < PAGE) return;
    after = page[page.length - 1].id;
  }
}
