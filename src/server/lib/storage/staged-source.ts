import type { BlobSource } from './blob-writes'
import { BlobTooLargeError, WriteAbortedError } from './storage-errors'

/** A store failure inside `take`, told apart from the source's own failure on the way out. */
class StoreFailure {
  constructor(readonly error: unknown) {}
}

/**
 * Feeds `source` to `take` chunk by chunk, awaiting each (backpressure), up to `room` bytes. Resolves
 * with why it stopped early — the source failed, or it carried more than `room` — or undefined when
 * the source ended; a chunk that would pass `room` is not taken at all. Rejects only with what `take`
 * threw (the store failed).
 */
export async function feedStagedChunks(
  source: BlobSource,
  room: number,
  take: (chunk: Uint8Array) => Promise<void>,
): Promise<WriteAbortedError | BlobTooLargeError | undefined> {
  let received = 0
  try {
    for await (const chunk of source as AsyncIterable<Uint8Array>) {
      if (received + chunk.byteLength > room) return new BlobTooLargeError(room)
      received += chunk.byteLength
      try {
        await take(chunk)
      } catch (error) {
        throw new StoreFailure(error)
      }
    }
    return undefined
  } catch (error) {
    if (error instanceof StoreFailure) throw error.error
    return new WriteAbortedError('source', error)
  }
}
