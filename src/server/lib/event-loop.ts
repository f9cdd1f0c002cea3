import { setImmediate } from 'node:timers/promises'

/**
 * Gives the event loop a turn: pending I/O and timers run before the caller goes on. Long database
 * work calls it between batches, because SQLite runs synchronously on the event loop and a long chain
 * of awaited statements would otherwise hold every other request up until it ends.
 */
export function yieldToEventLoop(): Promise<void> {
  return setImmediate()
}

/** Runs `work` on each slice of `items` of `size`, in order, with a turn of the event loop between. */
export async function forEachChunk<T>(
  items: readonly T[],
  size: number,
  work: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await yieldToEventLoop()
    await work(items.slice(i, i + size))
  }
}
