import { setImmediate } from 'node:timers/promises'

/**
 * Gives the event loop a turn: pending I/O and timers run before the caller goes on. Long work calls
 * it between batches: a chain of awaited statements that answer at once (SQLite outside a transaction
 * runs on the event loop) or a pass over 100k rows would otherwise hold every other request up until
 * it ends.
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

/** `items.filter(keep)`, with a turn of the event loop after every `perTurn` items. */
export async function filterInTurns<T>(
  items: readonly T[],
  keep: (item: T) => boolean,
  perTurn = 5000,
): Promise<T[]> {
  const kept: T[] = []
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % perTurn === 0) await yieldToEventLoop()
    const item = items[i] as T
    if (keep(item)) kept.push(item)
  }
  return kept
}
