// Async work on many items, a few at a time: enough in flight that what does the work (libuv's
// threads, another process) never waits for the next item, few enough that the items' bytes are
// not all held at once.

/** Runs `run` on every item in order, `lanes` at a time. After a failure no lane takes another item. */
export async function inLanes<T>(items: T[], lanes: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) {
      try {
        await run(items[i]);
      } catch (error) {
        next = items.length;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}
