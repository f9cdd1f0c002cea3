import type { PutOptions } from './blob-writes'
import { BlobTooLargeError, WriteAbortedError } from './storage-errors'
import type { WriteMeter } from './write-meter'

/**
 * What a failed write reports, whatever the driver saw: too large first (the meter stopped it), then
 * the caller's abort, then a source that failed before the store did; anything else (disk full, the
 * store refused) as it is.
 */
export function toWriteError(error: unknown, meter: WriteMeter, signal: AbortSignal | undefined): unknown {
  if (meter.tooLarge && meter.maxBytes !== undefined) return new BlobTooLargeError(meter.maxBytes)
  if (signal?.aborted) return new WriteAbortedError('signal', signal.reason)
  if (meter.failure?.side === 'source') return new WriteAbortedError('source', meter.failure.error)
  return error
}

/** A put given its exact length whose body ended short fails, as a source that failed does. */
export function assertWholeBody(meter: WriteMeter, options: PutOptions): void {
  if (options.length === undefined || meter.bytes === options.length) return
  const short = new Error(`The body ended after ${meter.bytes} of the ${options.length} bytes announced`)
  throw new WriteAbortedError('source', short)
}
